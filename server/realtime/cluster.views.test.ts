/**
 * views_changed across two nodes on PostgreSQL and Redis (docs/decisions/views.md): a burst of
 * changes spread over both nodes still reaches each staff page, on either node, as at most one
 * event per interval, since the nodes claim each slot in Redis; and a change on one node is
 * announced to the pages of the other.
 */
import { beforeAll, expect, it } from "vitest";
import { buildStaff } from "../test/factories.ts";
import { connected, nextEvent, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { describeTwoNodes } from "../test/twoNodes.ts";
import { arrivals, type BurstTickets, burstTickets, changeTicket, mostWithin, settled } from "../test/viewsChanged.ts";

const INTERVAL_MS = 300;
const BURST = 100;

describeTwoNodes("views_changed over two nodes", { VIEWS_CHANGED_INTERVAL_MS: String(INTERVAL_MS) }, {}, (cluster) => {
  let admins: [TestClient, TestClient];
  let tickets: BurstTickets;

  beforeAll(async () => {
    const [first, second] = cluster().nodes;
    const admin = await buildStaff(cluster().store, { rank: "admin" });
    admins = [
      await openSession(cluster(), first.client(), admin),
      await openSession(cluster(), second.client(), admin),
    ];
    tickets = await burstTickets(cluster().store, BURST + 1, 1_730_000_000);
  });

  it("sends each page at most one event per interval, whichever node changed the tickets", async () => {
    const pages = [admins[0].socket(), admins[1].socket()];
    await Promise.all(pages.map(connected));
    const times = pages.map(arrivals);
    const started = Date.now();
    const burst = tickets.ids.slice(0, BURST);
    // Ten at a time, every other change on the other node.
    for (let i = 0; i < burst.length; i += 10)
      await Promise.all(burst.slice(i, i + 10).map((id, j) => changeTicket(admins[j % 2] as TestClient, tickets, id)));
    await settled(pages, INTERVAL_MS);
    const took = Date.now() - started;
    for (const [i, page] of times.entries()) {
      expect(page.length, `page on node ${i}`).toBeGreaterThanOrEqual(1);
      // Each node sending on its own would give twice as many.
      expect(page.length, `page on node ${i}`).toBeLessThanOrEqual(Math.ceil(took / INTERVAL_MS) + 1);
      expect(mostWithin(page, INTERVAL_MS), `page on node ${i}`).toBeLessThanOrEqual(2);
    }
    for (const page of pages) page.close();
  });

  it("announces a change on one node to the pages of the other", async () => {
    const page = admins[1].socket();
    await connected(page);
    const announced = nextEvent(page, "views_changed", INTERVAL_MS * 5);
    await changeTicket(admins[0], tickets, tickets.ids[BURST] as number);
    expect(await announced).toEqual({});
    page.close();
  });
});
