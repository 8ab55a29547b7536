import { describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { storedFiles, storingNothing } from "../test/playerTickets.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import type { TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const LIMIT = 64 * 1024;

function form(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("files", new Blob([new Uint8Array(f.bytes)]), f.name);
  return body;
}

describe.each(ENGINES)("attachments on %s", (engine) => {
  const server = useTestServer(engine, { UPLOAD_MAX_BYTES: String(LIMIT) });

  async function signedIn(
    kind: "member" | "staff",
    member?: Awaited<ReturnType<typeof buildMember>>,
  ): Promise<TestClient> {
    const user = kind === "staff" ? await buildStaff(server.store) : (member ?? (await buildMember(server.store)));
    const client = server.client();
    await client.signIn(user.email, FACTORY_PASSWORD);
    return client;
  }

  it("uploads every allowed type, attaches it to a message, and serves it to the ticket's viewers only", async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    const player = await signedIn("member", member);
    const files = Object.values(SAMPLE_FILES).slice(0, 5);
    const upload = await player.post("/api/upload-files", form(files));
    expect(upload.status).toBe(200);
    const urls = upload.body.fileUrls as string[];
    expect(urls).toHaveLength(5);
    for (const url of urls) expect(url).toMatch(/^\/download\/[A-Za-z0-9_-]{22}\.\w+$/);

    const sent = await player.post("/api/new-chat-message", {
      chatId: encodeChatId(ticket.id),
      message: "",
      fileUrls: urls,
    });
    expect(sent.status).toBe(200);
    expect((sent.body.message as { attachments: string[] }).attachments).toEqual(urls);

    const own = await player.get(urls[0]!);
    expect(own.status).toBe(200);
    const staff = await signedIn("staff");
    expect((await staff.get(urls[0]!)).status).toBe(200);
    const stranger = await signedIn("member");
    expect((await stranger.get(urls[0]!)).status).toBe(404);
    expect((await server.client().get(urls[0]!)).status).toBe(401);
  });

  it("serves images inline and everything else as a download, never sniffed, never scripted", async () => {
    const player = await signedIn("member");
    const upload = await player.post(
      "/api/upload-files",
      form([SAMPLE_FILES["image/png"]!, SAMPLE_FILES["image/svg+xml"]!, SAMPLE_FILES["application/pdf"]!]),
    );
    const [png, svg, pdf] = upload.body.fileUrls as string[];
    const image = await player.get(png!);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toMatch(/^inline; filename="pixel.png"/);
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    expect((await player.get(svg!)).headers.get("content-disposition")).toMatch(/^attachment;/);
    expect((await player.get(pdf!)).headers.get("content-disposition")).toMatch(/^attachment; filename="receipt.pdf"/);
  });

  it("refuses an oversize file with file_size_exceeded and keeps nothing of it", async () => {
    const player = await signedIn("member");
    const before = storedFiles(server.store).length;
    const big = { name: "huge.txt", bytes: Buffer.alloc(LIMIT + 1, 0x61) };
    const res = await player.post("/api/upload-files", form([SAMPLE_FILES["image/png"]!, big]));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("file_size_exceeded");
    expect(storedFiles(server.store).length).toBe(before);
  });

  it("refuses a type outside the list, whatever its name says", async () => {
    const player = await signedIn("member");
    const before = storedFiles(server.store).length;
    const exe = {
      name: "screenshot.png",
      bytes: Buffer.concat([Buffer.from("4d5a90000300000004000000ffff0000", "hex"), Buffer.alloc(64)]),
    };
    const res = await player.post("/api/upload-files", form([exe]));
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("Unacceptable file type");
    expect(storedFiles(server.store).length).toBe(before);
  });

  it("refuses a sixth file", async () => {
    const player = await signedIn("member");
    const six = Array.from({ length: 6 }, () => SAMPLE_FILES["text/plain"]!);
    const res = await player.post("/api/upload-files", form(six));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("too_many_files");
  });

  it("does not let one user attach another user's upload", async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    const player = await signedIn("member", member);
    const other = await signedIn("member");
    const theirs = (await other.post("/api/upload-files", form([SAMPLE_FILES["text/plain"]!]))).body
      .fileUrls as string[];
    const res = await player.post("/api/new-chat-message", {
      chatId: encodeChatId(ticket.id),
      message: "look",
      fileUrls: theirs,
    });
    expect(res.status).toBe(422);
    expect((await player.get(theirs[0]!)).status).toBe(404);
  });

  it("takes files in the new-chat-message call itself", async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    const player = await signedIn("member", member);
    const res = await player.post(
      "/api/new-chat-message",
      form([SAMPLE_FILES["image/jpeg"]!], { chatId: encodeChatId(ticket.id), message: "photo" }),
    );
    expect(res.status).toBe(200);
    const [url] = (res.body.message as { attachments: string[] }).attachments;
    expect((await player.get(url!)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses files sent before chatId with 422, before the ticket is checked or a byte is written", async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    const player = await signedIn("member", member);
    const body = new FormData();
    body.append("files", new Blob([new Uint8Array(SAMPLE_FILES["image/jpeg"]!.bytes)]), "photo.jpg");
    body.append("chatId", encodeChatId(ticket.id));
    body.append("message", "photo");
    const res = await storingNothing(server, () => player.post("/api/new-chat-message", body));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "validation",
      detail: [{ loc: ["body", "chatId"], type: "fields_before_files" }],
    });
  });

  it("answers 404 for names that are not stored names", async () => {
    const player = await signedIn("member");
    expect((await player.get("/download/..%2F..%2Fsecrets.json")).status).toBe(404);
    expect((await player.get("/download/aaaaaaaaaaaaaaaaaaaaaa.png")).status).toBe(404);
  });
});
