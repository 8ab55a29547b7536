/**
 * Malformed bodies (finding 8): whatever a caller sends, a broken body is answered 400 or 422
 * with `detail`, never 500, and leaves no file behind; anonymous callers included.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CSRF_HEADER } from "../../common/constants.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, FACTORY_PASSWORD } from "../test/factories.ts";
import { form, storedFiles } from "../test/playerTickets.ts";
import type { TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const B = "----helpdeskboundary";
const CRLF = "\r\n";
const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

function part(headers: string[], content: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${B}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}`),
    Buffer.from(content),
    Buffer.from(CRLF),
  ]);
}

const field = (name: string, value: string) => part([`Content-Disposition: form-data; name="${name}"`], value);
const file = (bytes: Buffer) =>
  part([`Content-Disposition: form-data; name="files"; filename="a.png"`, "Content-Type: image/png"], bytes);
const end = Buffer.from(`--${B}--${CRLF}`);

/** Each malformed body with its content type. */
const CASES: [string, string, Buffer][] = [
  ["no boundary", "multipart/form-data", Buffer.concat([field("email", "a@example.test"), end])],
  ["an empty boundary", "multipart/form-data; boundary=", Buffer.concat([field("email", "a@example.test"), end])],
  [
    "a boundary that the body does not use",
    "multipart/form-data; boundary=other",
    Buffer.concat([field("email", "a@example.test"), file(PNG_HEAD), end]),
  ],
  [
    "a truncated file part",
    `multipart/form-data; boundary=${B}`,
    Buffer.concat([field("email", "a@example.test"), file(Buffer.alloc(5000, 1)).subarray(0, 300)]),
  ],
  [
    "a truncated header",
    `multipart/form-data; boundary=${B}`,
    Buffer.from(`--${B}${CRLF}Content-Disposition: form-da`),
  ],
  [
    "a part without a disposition",
    `multipart/form-data; boundary=${B}`,
    Buffer.concat([part(["Content-Type: text/plain"], "hello"), end]),
  ],
  [
    "a file without a disposition",
    `multipart/form-data; boundary=${B}`,
    Buffer.concat([part(["Content-Type: image/png"], PNG_HEAD), end]),
  ],
  ["a broken header line", `multipart/form-data; boundary=${B}`, Buffer.concat([part(["no colon here"], "x"), end])],
  ["garbage", `multipart/form-data; boundary=${B}`, Buffer.from("\u0000\u0001garbage\r\n\r\n--")],
  ["a NUL in the field name", `multipart/form-data; boundary=${B}`, Buffer.concat([field("em\u0000ail", "x"), end])],
  ["broken JSON", "application/json", Buffer.from('{"email":')],
  [
    "prototype keys in JSON",
    "application/json",
    Buffer.from('{"__proto__":{"admin":1},"constructor":"x","chatId":{}}'),
  ],
  [
    "prototype keys as fields",
    `multipart/form-data; boundary=${B}`,
    Buffer.concat([field("__proto__", "x"), field("constructor", "y"), end]),
  ],
];

describe.each(ENGINES)("malformed bodies on %s", (engine) => {
  let member: TestClient;
  let anonymous: TestClient;
  const server = useTestServer(engine);
  beforeAll(async () => {
    const user = await buildMember(server.store);
    member = server.client();
    await member.signIn(user.email, FACTORY_PASSWORD);
    anonymous = server.client();
    await anonymous.get("/api/config/public");
  });

  async function raw(client: TestClient, path: string, contentType: string, body: Buffer) {
    const response = await fetch(server.baseUrl + path, {
      method: "POST",
      headers: { cookie: client.cookieHeader(), [CSRF_HEADER]: client.csrf ?? "", "content-type": contentType },
      body: new Uint8Array(body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as { detail?: unknown; code?: string } };
  }

  const routes: [string, () => TestClient][] = [
    ["/api/upload-files", () => member],
    ["/api/new-chat-message", () => member],
    ["/api/tickets/submit-member-ticket", () => member],
    ["/api/tickets/submit-temporary-ticket", () => anonymous],
    ["/api/tickets/search-ticket-temporary", () => anonymous],
  ];

  for (const [path, who] of routes) {
    it.each(CASES)(`${path}: %s is answered 400 or 422 with detail`, async (_, contentType, body) => {
      const before = storedFiles(server.store).length;
      // Nothing is logged as a failure (no "unhandled error" with a stack trace).
      const logged = vi.spyOn(server.node.app.log, "error");
      const res = await raw(who(), path, contentType, body);
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
      expect([400, 422, 429, 403, 404]).toContain(res.status);
      expect(res.body.detail).toBeDefined();
      if (res.status === 422) expect(Array.isArray(res.body.detail)).toBe(true);
      expect(storedFiles(server.store)).toHaveLength(before);
    });
  }

  it("removes the files of an upload that the client cuts off", async () => {
    const body = new Response(
      form({}, [
        { name: "a.txt", bytes: Buffer.alloc(5000, 0x61) },
        { name: "b.txt", bytes: Buffer.alloc(200_000, 0x61) },
      ]),
    );
    const type = body.headers.get("content-type") ?? "";
    const bytes = new Uint8Array(await body.arrayBuffer());
    const save = vi.spyOn(server.node.ctx.uploads, "save");
    const before = storedFiles(server.store).length;
    const controller = new AbortController();
    // The first file arrives whole, the second is cut off mid-way.
    const sent = await fetch(`${server.baseUrl}/api/upload-files`, {
      method: "POST",
      headers: { cookie: member.cookieHeader(), [CSRF_HEADER]: member.csrf ?? "", "content-type": type },
      body: new ReadableStream({
        async pull(stream) {
          stream.enqueue(bytes.subarray(0, 60_000));
          await new Promise((resolve) => setTimeout(resolve, 300));
          controller.abort();
        },
      }),
      duplex: "half",
      signal: controller.signal,
    } as RequestInit).catch((error: unknown) => error);
    expect(sent).toBeInstanceOf(Error);
    await expect.poll(() => save.mock.settledResults.some((r) => r.type === "fulfilled")).toBe(true);
    await expect.poll(() => storedFiles(server.store).length).toBe(before);
    save.mockRestore();
  });

  it("answers Fastify's own 413 and 415 with their codes", async () => {
    const tooLarge = await raw(member, "/api/fetch-chat", "application/json", Buffer.alloc(2 * 1024 * 1024, 0x20));
    expect(tooLarge).toMatchObject({ status: 413, body: { code: "body_too_large" } });
    const unsupported = await raw(member, "/api/fetch-chat", "text/xml", Buffer.from("<a/>"));
    expect(unsupported).toMatchObject({ status: 415, body: { code: "unsupported_media_type" } });
  });
});
