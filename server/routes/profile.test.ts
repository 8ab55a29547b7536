/**
 * A staff member's profile and preferences (spec/3-staff-administration.md §2.5, §5, §7 Profile) over real HTTP and
 * socket.io on both engines: every call, each validation message, the ignored user_id, pictures
 * typed by their bytes, who may see a picture, and the refusals that change nothing.
 */
import { readdir } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { CSRF_HEADER } from "../../common/constants.ts";
import { decodeIdToken } from "../../common/schemas/auth.ts";
import { AVATAR_MAX_BYTES, AVATAR_PATH_PREFIX } from "../../common/schemas/profile.ts";
import { ENGINES } from "../test/engines.ts";
import {
  buildChatMessage,
  buildMember,
  buildStaff,
  buildTempUser,
  buildTicket,
  FACTORY_PASSWORD,
} from "../test/factories.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { connected, nextEvent, type TestClient } from "../test/server.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

type Body = Record<string, unknown>;
const firstMsg = (body: Body) => (body.detail as { msg: string; loc: string[] }[])[0];

function pictureForm(file: { name: string; bytes: Uint8Array }, userId?: number): FormData {
  const form = new FormData();
  if (userId !== undefined) form.append("user_id", String(userId));
  form.append("files", new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

describe.each(ENGINES)("profile and preferences on %s", (engine) => {
  const server = useTestServer(engine);

  async function staffMember(options: Parameters<typeof buildStaff>[1] = {}) {
    const user = await buildStaff(server.store, options);
    const client = server.client();
    await client.signIn(user.email, FACTORY_PASSWORD);
    return { user, client };
  }

  const row = (id: number) =>
    server.store.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const storedFiles = async () => (await readdir(server.node.ctx.uploads.dir).catch(() => [])).sort();
  const sessionName = async (client: TestClient) =>
    decodeIdToken(((await client.get("/auth/pulse-check")).body as { id_token: string }).id_token)?.name;

  describe("username", () => {
    it("changes the signed-in user's name only, whatever user_id names, and the session shows it", async () => {
      const me = await staffMember();
      const other = await buildStaff(server.store);
      const answer = await me.client.post("/api/profile/change-profile-name", { user_id: other.id, name: "NewName" });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ id: me.user.id, name: "NewName", email: me.user.email });
      expect((await row(me.user.id)).name).toBe("NewName");
      expect((await row(other.id)).name).toBe(other.name);
      expect(await sessionName(me.client)).toBe("NewName");
    });

    it("takes the spec's form encoding too", async () => {
      const me = await staffMember();
      const form = new URLSearchParams({ user_id: String(me.user.id), name: "FormName" });
      const answer = await me.client.post("/api/profile/change-profile-name", form);
      expect(answer.status).toBe(200);
      expect((await row(me.user.id)).name).toBe("FormName");
    });

    it.each([
      ["", "The username cannot be empty."],
      ["two words", "The username cannot contain @ or spaces."],
      ["me@home", "The username cannot contain @ or spaces."],
      ["tab\there", "The username cannot contain @ or spaces."],
      ["x".repeat(81), "The username can be at most 80 characters."],
    ])("refuses %j with 422 and its message, changing nothing", async (name, message) => {
      const me = await staffMember();
      const answer = await me.client.post("/api/profile/change-profile-name", { name });
      expect(answer.status).toBe(422);
      expect(firstMsg(answer.body)).toMatchObject({ msg: message, loc: ["body", "name"] });
      expect((await row(me.user.id)).name).toBe(me.user.name);
    });

    it("accepts exactly 80 characters", async () => {
      const me = await staffMember();
      const name = "y".repeat(80);
      expect((await me.client.post("/api/profile/change-profile-name", { name })).status).toBe(200);
    });

    it("is unique among staff ignoring case (409), keeps one's own name, and lets players share it", async () => {
      const taken = await buildStaff(server.store, { name: "Şahin" });
      const me = await staffMember();
      const refused = await me.client.post("/api/profile/change-profile-name", { name: "şAHİN".replace("İ", "I") });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: "This username is already taken.", code: "username_taken" });
      expect((await row(me.user.id)).name).toBe(me.user.name);
      expect((await me.client.post("/api/profile/change-profile-name", { name: me.user.name })).status).toBe(200);
      const player = await buildMember(server.store, { name: "PlayerName" });
      expect((await me.client.post("/api/profile/change-profile-name", { name: player.name })).status).toBe(200);
      expect(taken.name).toBe("Şahin");
    });

    it("gives a name to one of two staff members asking for it at once in different cases", async () => {
      const [a, b] = [await staffMember(), await staffMember()];
      const answers = await Promise.all([
        a.client.post("/api/profile/change-profile-name", { name: "CaseWinner" }),
        b.client.post("/api/profile/change-profile-name", { name: "casewinner" }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)?.body.code).toBe("username_taken");
      const holders = await server.store.db
        .selectFrom("users")
        .select("name")
        .where("id", "in", [a.user.id, b.user.id])
        .execute();
      expect(holders.filter((h) => h.name.toLowerCase() === "casewinner")).toHaveLength(1);
    });

    it("gives a name to one of two staff members asking for it at once", async () => {
      const [a, b] = [await staffMember(), await staffMember()];
      const answers = await Promise.all(
        [a, b].map((s) => s.client.post("/api/profile/change-profile-name", { name: "RaceWinner" })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const holders = await server.store.db.selectFrom("users").select("id").where("name", "=", "RaceWinner").execute();
      expect(holders).toHaveLength(1);
    });
  });

  describe("e-mail", () => {
    /** The sign-in e-mail changes only with the current password, as the password does. */
    const withPassword = { current_password: FACTORY_PASSWORD };

    it("changes the signed-in user's e-mail (lower case), and the new one signs in", async () => {
      const me = await staffMember();
      const other = await buildStaff(server.store);
      const answer = await me.client.post("/api/profile/change-profile-email", {
        user_id: other.id,
        email: "  New.Address@Staff.TEST ",
        ...withPassword,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ id: me.user.id, email: "new.address@staff.test" });
      expect((await row(other.id)).email).toBe(other.email);
      await server.client().signIn("new.address@staff.test", FACTORY_PASSWORD);
    });

    it.each([
      ["not-an-address", "Please enter a valid e-mail address."],
      [`${"a".repeat(70)}@staff.test`, "The e-mail address can be at most 80 characters."],
    ])("refuses %j with 422 and its message", async (email, message) => {
      const me = await staffMember();
      const answer = await me.client.post("/api/profile/change-profile-email", { email, ...withPassword });
      expect(answer.status).toBe(422);
      expect(firstMsg(answer.body)).toMatchObject({ msg: message, loc: ["body", "email"] });
      expect((await row(me.user.id)).email).toBe(me.user.email);
    });

    it("refuses a missing current password (422 on current_password) and changes nothing", async () => {
      const me = await staffMember();
      for (const body of [{ email: "nopass@staff.test" }, { email: "nopass@staff.test", current_password: "" }]) {
        const answer = await me.client.post("/api/profile/change-profile-email", body);
        expect(answer.status).toBe(422);
        expect(firstMsg(answer.body)).toMatchObject({
          msg: "Please enter your current password.",
          loc: ["body", "current_password"],
        });
      }
      expect((await row(me.user.id)).email).toBe(me.user.email);
    });

    it("refuses a wrong current password as the password change does, and changes nothing", async () => {
      const me = await staffMember();
      const answer = await me.client.post("/api/profile/change-profile-email", {
        email: "taken.over@staff.test",
        current_password: "Wrong-Passw0rd!",
      });
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe("current_password_wrong");
      expect(firstMsg(answer.body)).toMatchObject({
        msg: "The current password is wrong.",
        loc: ["body", "current_password"],
      });
      expect((await row(me.user.id)).email).toBe(me.user.email);
      const moved = await server.client().post("/auth/login", { username: "taken.over@staff.test", password: "x" });
      expect(moved.status).toBe(401);
      // The account still signs in with its old address.
      await server.client().signIn(me.user.email, FACTORY_PASSWORD);
    });

    it("shares the password change's limit on wrong current passwords, even in parallel", async () => {
      const me = await staffMember();
      const tries = await Promise.all(
        Array.from({ length: 14 }, (_, i) =>
          i % 2 === 0
            ? me.client.post("/api/profile/change-profile-email", {
                email: `guess${i}@staff.test`,
                current_password: "Guess-1234!",
              })
            : me.client.post("/api/profile/change-profile-password", {
                current_password: "Guess-1234!",
                password: "An0ther-Strong!",
              }),
        ),
      );
      const statuses = tries.map((t) => t.status);
      expect(statuses.filter((s) => s === 422)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      const right = await me.client.post("/api/profile/change-profile-email", {
        email: "after.guesses@staff.test",
        ...withPassword,
      });
      expect(right.status).toBe(429);
      expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await row(me.user.id)).email).toBe(me.user.email);
    });

    it("refuses an e-mail that a member or employee already has (409)", async () => {
      const me = await staffMember();
      const player = await buildMember(server.store);
      for (const email of [player.email, (await buildStaff(server.store)).email.toUpperCase()]) {
        const answer = await me.client.post("/api/profile/change-profile-email", { email, ...withPassword });
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({ detail: "This e-mail is already registered.", code: "email_taken" });
      }
      expect((await row(me.user.id)).email).toBe(me.user.email);
    });

    it("gives an address to one of two asking for it at once", async () => {
      const [a, b] = [await staffMember(), await staffMember()];
      const answers = await Promise.all(
        [a, b].map((s) =>
          s.client.post("/api/profile/change-profile-email", { email: "race@staff.test", ...withPassword }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    });
  });

  describe("password", () => {
    const strong = "An0ther-Strong!";

    it("asks the current password, ends every other session and keeps this browser signed in", async () => {
      const me = await staffMember();
      const elsewhere = server.client();
      await elsewhere.signIn(me.user.email, FACTORY_PASSWORD);
      const otherSocket = elsewhere.socket();
      await connected(otherSocket);
      const closed = new Promise((resolve) => otherSocket.once("disconnect", resolve));

      const answer = await me.client.post("/api/profile/change-profile-password", {
        user_id: 1,
        current_password: FACTORY_PASSWORD,
        password: strong,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ id: me.user.id });
      await closed;
      expect((await elsewhere.get("/auth/pulse-check")).status).toBe(401);
      expect((await me.client.get("/auth/pulse-check")).status).toBe(200);
      // The renewed session carries a CSRF token of its own: the next change goes through.
      expect((await me.client.post("/api/profile/change-profile-name", { name: `after${me.user.id}` })).status).toBe(
        200,
      );
      await server.client().signIn(me.user.email, strong);
      const old = await server.client().post("/auth/login", { username: me.user.email, password: FACTORY_PASSWORD });
      expect(old.status).toBe(401);
    });

    it("refuses a wrong current password (422 on current_password) and changes nothing", async () => {
      const me = await staffMember();
      const before = (await row(me.user.id)).password_hash;
      const answer = await me.client.post("/api/profile/change-profile-password", {
        current_password: "Wrong-Passw0rd!",
        password: strong,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe("current_password_wrong");
      expect(firstMsg(answer.body)).toMatchObject({
        msg: "The current password is wrong.",
        loc: ["body", "current_password"],
      });
      expect((await row(me.user.id)).password_hash).toBe(before);
      expect((await me.client.get("/auth/pulse-check")).status).toBe(200);
    });

    it("refuses a weak new password and a missing current one", async () => {
      const me = await staffMember();
      const weak = await me.client.post("/api/profile/change-profile-password", {
        current_password: FACTORY_PASSWORD,
        password: "short",
      });
      expect(weak.status).toBe(422);
      expect(firstMsg(weak.body)?.msg).toBe("Please enter a valid password.");
      const missing = await me.client.post("/api/profile/change-profile-password", { password: strong });
      expect(missing.status).toBe(422);
      expect(firstMsg(missing.body)?.loc).toEqual(["body", "current_password"]);
    });

    it("stops guessing the current password after 10 wrong tries, even in parallel", async () => {
      const me = await staffMember();
      const tries = await Promise.all(
        Array.from({ length: 14 }, () =>
          me.client.post("/api/profile/change-profile-password", { current_password: "Guess-1234!", password: strong }),
        ),
      );
      const statuses = tries.map((t) => t.status);
      expect(statuses.filter((s) => s === 422)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      // Even the right password waits now: the window is the guesser's, not the password's.
      const right = await me.client.post("/api/profile/change-profile-password", {
        current_password: FACTORY_PASSWORD,
        password: strong,
      });
      expect(right.status).toBe(429);
      expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
    });
  });

  describe("picture", () => {
    const png = SAMPLE_FILES["image/png"]!;

    it("stores an image by its bytes for the signed-in user, serves it, replaces it and deletes it", async () => {
      const me = await staffMember();
      const other = await buildStaff(server.store);
      const before = await storedFiles();
      // A PNG named .pdf is a PNG: the bytes decide.
      const set = await me.client.post(
        "/api/profile/change-profile-picture",
        pictureForm({ name: "scan.pdf", bytes: png.bytes }, other.id),
      );
      expect(set.status).toBe(200);
      const avatar = (set.body.user as { avatar: string }).avatar;
      expect(avatar).toMatch(new RegExp(`^${AVATAR_PATH_PREFIX}[A-Za-z0-9_-]{22}\\.png$`));
      expect((await row(other.id)).avatar).toBe("");
      const served = await fetch(server.baseUrl + avatar, { headers: { cookie: me.client.cookieHeader() } });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(png.bytes);

      const jpeg = SAMPLE_FILES["image/jpeg"]!;
      const replaced = await me.client.post("/api/profile/change-profile-picture", pictureForm(jpeg));
      const next = (replaced.body.user as { avatar: string }).avatar;
      expect(next).toMatch(/\.jpg$/);
      expect((await me.client.get(avatar)).status).toBe(404);
      expect((await storedFiles()).length).toBe(before.length + 1);

      const deleted = await me.client.post("/api/profile/delete-profile-picture", { user_id: other.id });
      expect(deleted.status).toBe(200);
      expect((deleted.body.user as { avatar: string }).avatar).toBe("");
      expect((await me.client.get(next)).status).toBe(404);
      expect(await storedFiles()).toEqual(before);
    });

    it.each([
      ["application/pdf", "a PDF"],
      ["image/svg+xml", "an SVG (it can carry script)"],
      ["text/plain", "text"],
      ["video/mp4", "a video"],
    ])("refuses %s (%s) with 415, keeping no file and the old picture", async (type) => {
      const me = await staffMember();
      await me.client.post("/api/profile/change-profile-picture", pictureForm(png));
      const kept = (await row(me.user.id)).avatar;
      const files = await storedFiles();
      const file = SAMPLE_FILES[type]!;
      // Named like a picture: the name does not decide.
      const answer = await me.client.post(
        "/api/profile/change-profile-picture",
        pictureForm({ ...file, name: "me.png" }),
      );
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({
        detail: "The profile picture must be an image (JPEG, PNG, BMP or WebP).",
        code: "picture_not_image",
      });
      expect((await row(me.user.id)).avatar).toBe(kept);
      expect(await storedFiles()).toEqual(files);
    });

    it("refuses a picture over 2 MB before storing it, a form without a file, and two files", async () => {
      const me = await staffMember();
      const files = await storedFiles();
      const big = Buffer.concat([png.bytes, Buffer.alloc(AVATAR_MAX_BYTES)]);
      const tooLarge = await me.client.post(
        "/api/profile/change-profile-picture",
        pictureForm({ name: "big.png", bytes: big }),
      );
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.code).toBe("picture_too_large");
      const empty = new FormData();
      empty.append("user_id", String(me.user.id));
      const none = await me.client.post("/api/profile/change-profile-picture", empty);
      expect(none.status).toBe(422);
      expect(firstMsg(none.body)?.msg).toBe("Choose a picture to upload.");
      const two = pictureForm(png);
      two.append("files", new Blob([new Uint8Array(png.bytes)]), "second.png");
      expect((await me.client.post("/api/profile/change-profile-picture", two)).status).toBe(422);
      expect(await storedFiles()).toEqual(files);
      expect((await row(me.user.id)).avatar).toBe("");
    });

    it("stops a chunked picture (no Content-Length) at 2 MB as it streams and keeps no file", async () => {
      const me = await staffMember();
      const files = await storedFiles();
      const big = Buffer.concat([png.bytes, Buffer.alloc(AVATAR_MAX_BYTES + 512 * 1024)]);
      const body = new Response(pictureForm({ name: "big.png", bytes: big }));
      const type = body.headers.get("content-type")!;
      const bytes = new Uint8Array(await body.arrayBuffer());
      await me.client.get("/api/config/public");
      const save = vi.spyOn(server.node.ctx.uploads, "save");
      const res = await fetch(`${server.baseUrl}/api/profile/change-profile-picture`, {
        method: "POST",
        headers: { cookie: me.client.cookieHeader(), [CSRF_HEADER]: me.client.csrf!, "content-type": type },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as Body).code).toBe("picture_too_large");
      // Refused while streaming: the store never kept the file for the use case to look at.
      expect(save.mock.settledResults.map((r) => r.type)).toEqual(["rejected"]);
      save.mockRestore();
      expect(await storedFiles()).toEqual(files);
      expect((await row(me.user.id)).avatar).toBe("");
    });

    it("shows a picture to staff and to the players the employee wrote to, and to no one else", async () => {
      const writer = await staffMember();
      const picture = (
        (await writer.client.post("/api/profile/change-profile-picture", pictureForm(png))).body.user as {
          avatar: string;
        }
      ).avatar;
      const player = await buildMember(server.store);
      const ticket = await buildTicket(server.store, { member: player });
      await buildChatMessage(server.store, ticket, {
        sender_id: writer.user.id,
        sender_name: writer.user.name,
        user_class: "dev",
        message: "Hello",
      });
      const stranger = await buildMember(server.store);
      const onlyAssigned = await buildMember(server.store);
      const assignedTicket = await buildTicket(server.store, { member: onlyAssigned });
      // A staff-only line (an assignment) does not show the employee to the player.
      await buildChatMessage(server.store, assignedTicket, {
        type: "assignment",
        sender_id: writer.user.id,
        sender_name: writer.user.name,
        user_class: "dev",
        message: "assigned",
      });
      const visitor = await buildTempUser(server.store);
      const visitorTicket = await buildTicket(server.store, { member: visitor });
      await buildChatMessage(server.store, visitorTicket, {
        sender_id: writer.user.id,
        sender_name: writer.user.name,
        user_class: "dev",
      });
      const visitorOther = await buildTicket(server.store, { member: visitor });

      const as = async (client: TestClient) => (await client.get(picture)).status;
      const signedIn = async (user: { email: string }) => {
        const client = server.client();
        await client.signIn(user.email, FACTORY_PASSWORD);
        return client;
      };
      expect(await as((await staffMember({ rank: "dev" })).client)).toBe(200);
      expect(await as(await signedIn(player))).toBe(200);
      expect(await as(await signedIn(stranger))).toBe(404);
      expect(await as(await signedIn(onlyAssigned))).toBe(404);
      const onTicket = server.client();
      await openTemporarySession(server, onTicket, visitor.id, visitorTicket.id);
      expect(await as(onTicket)).toBe(200);
      const onOther = server.client();
      await openTemporarySession(server, onOther, visitor.id, visitorOther.id);
      expect(await as(onOther)).toBe(404);
      expect(await as(server.client())).toBe(401);
      expect((await writer.client.get(`${AVATAR_PATH_PREFIX}..%2Fsecrets.json`)).status).toBe(404);
    });
  });

  describe("preferences", () => {
    it("saves the flags given, keeps the others, and tells every tab of the user", async () => {
      const me = await staffMember();
      const tab = me.client.socket();
      await connected(tab);
      const heard = nextEvent<{ user_preferences: Body }>(tab, "user_preferences");
      const saved = await me.client.post("/api/profile/save-user-preferences", {
        user_id: 1,
        notification_sound_on: false,
        remove_all_chats_button: true,
      });
      expect(saved.status).toBe(200);
      const expected = {
        user_id: me.user.id,
        redirect_after_ticket_complete: false,
        notification_sound_on: false,
        enable_desktop_notifications: true,
        remove_all_chats_button: true,
      };
      expect(saved.body.user_preferences).toMatchObject(expected);
      expect((await heard).user_preferences).toMatchObject(expected);
      const form = new URLSearchParams({
        redirect_after_ticket_complete: "true",
        enable_desktop_notifications: "false",
      });
      await me.client.post("/api/profile/save-user-preferences", form);
      const fetched = await me.client.get("/api/profile/fetch-user-preferences");
      expect(fetched.body.user_preferences).toMatchObject({
        ...expected,
        redirect_after_ticket_complete: true,
        enable_desktop_notifications: false,
      });
    });

    it("refuses a flag that is not a yes or no, changing nothing", async () => {
      const me = await staffMember();
      const answer = await me.client.post("/api/profile/save-user-preferences", {
        notification_sound_on: "maybe",
        remove_all_chats_button: true,
      });
      expect(answer.status).toBe(422);
      expect(firstMsg(answer.body)?.loc).toEqual(["body", "notification_sound_on"]);
      const fetched = await me.client.get("/api/profile/fetch-user-preferences");
      expect(fetched.body.user_preferences).toMatchObject({ remove_all_chats_button: false });
    });
  });

  describe("who may", () => {
    const calls: [string, Body | (() => FormData)][] = [
      ["/api/profile/change-profile-name", { name: "Nobody" }],
      ["/api/profile/change-profile-email", { email: "nobody@staff.test", current_password: FACTORY_PASSWORD }],
      ["/api/profile/change-profile-password", { current_password: FACTORY_PASSWORD, password: "An0ther-Strong!" }],
      ["/api/profile/change-profile-picture", () => pictureForm(SAMPLE_FILES["image/png"]!)],
      ["/api/profile/delete-profile-picture", {}],
      ["/api/profile/save-user-preferences", { notification_sound_on: false }],
    ];

    it("refuses staff without profile:view, players and visitors (403) and no session (401), changing nothing", async () => {
      const withoutProfile = await staffMember({ rank: "dev", permissions: ["members:view"] });
      const player = await buildMember(server.store);
      const playerClient = server.client();
      await playerClient.signIn(player.email, FACTORY_PASSWORD);
      const files = await storedFiles();
      for (const [path, body] of calls) {
        const payload = () => (typeof body === "function" ? body() : body);
        expect((await withoutProfile.client.post(path, payload())).status, path).toBe(403);
        expect((await playerClient.post(path, payload())).status, path).toBe(403);
        expect((await server.client().post(path, payload())).status, path).toBe(401);
      }
      const unchanged = await row(withoutProfile.user.id);
      expect(unchanged).toMatchObject({
        name: withoutProfile.user.name,
        email: withoutProfile.user.email,
        avatar: "",
        password_hash: withoutProfile.user.password_hash,
      });
      expect((await row(player.id)).name).toBe(player.name);
      expect(await storedFiles()).toEqual(files);
    });
  });
});
