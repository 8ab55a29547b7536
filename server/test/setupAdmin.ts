/** Shared set-up of the setup-page suites: staff clients of a rank or a chosen permission set. */
import type { Permission, StaffRank } from "../../common/permissions.ts";
import { buildMember, buildStaff } from "./factories.ts";
import type { TestClient, TestResponse, TestServer } from "./server.ts";
import { openSession } from "./sessions.ts";

/** A signed-in employee of the rank, holding the rank's default set unless `permissions` is given. */
export async function staffClient(
  server: TestServer,
  rank: StaffRank,
  permissions?: readonly Permission[],
): Promise<TestClient> {
  const user = await buildStaff(server.store, { rank, ...(permissions ? { permissions } : {}) });
  return openSession(server, server.client(), user);
}

export async function playerClient(server: TestServer): Promise<TestClient> {
  return openSession(server, server.client(), await buildMember(server.store));
}

/** The first message of a 422 list. */
export function firstMsg(res: TestResponse): string {
  return ((res.body.detail as { msg: string }[])[0] ?? { msg: "" }).msg;
}

/** A row count, to show that a refused call wrote nothing. */
export async function rowCount(
  server: TestServer,
  table: "categories" | "priorities" | "servers" | "quick_replies" | "quick_reply_categories" | "fast_action_excuses",
): Promise<number> {
  const row = await server.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
