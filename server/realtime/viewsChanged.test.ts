/**
 * views_changed (docs/decisions/views.md) on both engines, with real socket.io clients: a burst
 * of a hundred ticket changes reaches each staff page as at most one event per interval (short
 * here), a change after a quiet moment is announced at once, and players never get the event.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff } from "../test/factories.ts";
import { caughtUp, connected, nextEvent, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { arrivals, type BurstTickets, burstTickets, changeTicket, mostWithin, settled } from "../test/viewsChanged.ts";

const INTERVAL_MS = 300;
const BURST = 100;

describe.each(ENGINES)("views_changed on %s", (engine) => {
  const server = useTestServer(engine, { VIEWS_CHANGED_INTERVAL_MS: String(INTERVAL_MS) });
  let admin: TestClient;
  let mod: TestClient;
  let player: TestClient;
  let tickets: BurstTickets;

  beforeAll(async () => {
    admin = await openSession(server, server.client(), await buildStaff(server.store, { rank: "admin" }));
    mod = await openSession(server, server.client(), await buildStaff(server.store, { rank: "mod" }));
    player = await openSession(server, server.client(), await buildMember(server.store));
    tickets = await burstTickets(server.store, BURST + 1, 1_720_000_000);
  });

  it("sends each staff page at most one event per interval in a burst of changes", async () => {
    const pages = [admin.socket(), admin.socket(), mod.socket()];
    await Promise.all(pages.map(connected));
    const times = pages.map(arrivals);
    const started = Date.now();
    // Ten at a time, as several staff members working at once would.
    const burst = tickets.ids.slice(0, BURST);
    for (let i = 0; i < burst.length; i += 10)
      await Promise.all(burst.slice(i, i + 10).map((id) => changeTicket(admin, tickets, id)));
    await settled(pages, INTERVAL_MS);
    const took = Date.now() - started;
    for (const [i, page] of times.entries()) {
      expect(page.length, `page ${i}`).toBeGreaterThanOrEqual(1);
      expect(page.length, `page ${i}`).toBeLessThanOrEqual(Math.ceil(took / INTERVAL_MS) + 1);
      expect(mostWithin(page, INTERVAL_MS), `page ${i}`).toBeLessThanOrEqual(2);
    }
    for (const page of pages) page.close();
  });

  it("announces a change after a quiet moment at once, to staff only", async () => {
    const staffPage = mod.socket();
    const playerPage = player.socket();
    await Promise.all([connected(staffPage), connected(playerPage)]);
    const playerTimes = arrivals(playerPage);
    const announced = nextEvent(staffPage, "views_changed", INTERVAL_MS * 5);
    const changed = Date.now();
    await changeTicket(admin, tickets, tickets.ids[BURST] as number);
    expect(await announced).toEqual({});
    expect(Date.now() - changed).toBeLessThan(INTERVAL_MS * 3);
    await caughtUp(playerPage);
    expect(playerTimes).toEqual([]);
    staffPage.close();
    playerPage.close();
  });
});
