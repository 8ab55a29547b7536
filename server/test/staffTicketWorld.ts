/**
 * The world of the staff ticket suites: a member's ticket on a server and category, and one
 * employee of each rank (and a second mod) handling both, each with a signed-in client.
 */
import type { TicketStatus } from "../../common/constants.ts";
import { buildCategory, buildMember, buildServer, buildStaff, buildTicket, type TicketOptions } from "./factories.ts";
import type { TestServer } from "./server.ts";
import { openSession } from "./sessions.ts";

export async function buildStaffTicketWorld(
  server: TestServer,
  status: TicketStatus = "WAITING DEV",
  extra: Omit<TicketOptions, "status" | "member"> = {},
) {
  const store = server.store;
  const gameServer = await buildServer(store);
  const category = await buildCategory(store);
  const otherCategory = await buildCategory(store);
  const member = await buildMember(store, { characters: [{ serverId: gameServer.id }] });
  const handles = { categoryIds: [category.id], serverIds: [gameServer.id] };
  const [admin, mod, dev, mod2] = await Promise.all([
    buildStaff(store, { rank: "admin", ...handles }),
    buildStaff(store, { rank: "mod", ...handles }),
    buildStaff(store, { rank: "dev", ...handles }),
    buildStaff(store, { rank: "mod", ...handles }),
  ]);
  const ticket = await buildTicket(store, {
    member,
    status,
    category_id: category.id,
    server_id: gameServer.id,
    ...extra,
  });
  const as = async (user: { id: number; class: "dev" | "user" }) => openSession(server, server.client(), user);
  const clients = {
    admin: await as(admin),
    mod: await as(mod),
    dev: await as(dev),
    mod2: await as(mod2),
    player: await as(member),
  };
  return { gameServer, category, otherCategory, member, admin, mod, dev, mod2, ticket, clients };
}

export type StaffTicketWorld = Awaited<ReturnType<typeof buildStaffTicketWorld>>;
