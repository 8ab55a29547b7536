/** Test helpers of profiles: a stored profile picture. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomToken } from "../auth/tokens.ts";
import { avatarUrl } from "../uploads/avatars.ts";
import { SAMPLE_FILES } from "./sampleFiles.ts";
import type { TestServer } from "./server.ts";

/** A profile picture of this employee, stored as change-profile-picture stores one; answers its URL. */
export async function storeAvatar(server: TestServer, userId: number): Promise<string> {
  const name = `${randomToken(16)}.png`;
  const dir = server.node.ctx.uploads.dir;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), SAMPLE_FILES["image/png"]!.bytes);
  const avatar = avatarUrl(name);
  await server.store.db.updateTable("users").set({ avatar }).where("id", "=", userId).execute();
  return avatar;
}
