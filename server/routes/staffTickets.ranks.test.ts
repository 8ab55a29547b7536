/**
 * spec/2-staff-ticket-work.md §6 per rank, over real HTTP on every engine: assign, hold, complete and edit by the
 * admin, a mod and a dev, as the assignee and not; edits of ended tickets by the closer and not.
 */
import { describe, expect, it } from "vitest";
import { ENGINES } from "../test/engines.ts";
import { buildTicket } from "../test/factories.ts";
import { buildStaffTicketWorld, type StaffTicketWorld } from "../test/staffTicketWorld.ts";
import { useTestServer } from "../test/useTestServer.ts";

type Body = Record<string, unknown>;

describe.each(ENGINES)("staff ticket rules per rank on %s", (engine) => {
  const server = useTestServer(engine);

  const world = () => buildStaffTicketWorld(server, "WAITING DEV");
  const row = (id: number) =>
    server.store.db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  describe("§6 per rank: assignee or admin on open tickets, the closer or admin on ended ones", () => {
    const ranks = ["admin", "mod", "dev"] as const;
    const actions: Record<string, (w: StaffTicketWorld, id: number) => [string, Body]> = {
      assign: (w, id) => ["/api/tickets/assign-ticket", { ticketId: id, category: w.category.id }],
      hold: (_w, id) => ["/api/tickets/put-ticket-on-hold", { ticket_id: id }],
      complete: (_w, id) => ["/api/tickets/submit-ticket-complete", { ticket_id: id, action: "CLOSED", excuse: "x" }],
      edit: (w, id) => [
        "/api/tickets/update-ticket",
        { ticket_id: id, new_category: w.category.id, new_priority: w.ticket.priority_id },
      ],
    };
    for (const rank of ranks) {
      for (const [action, call] of Object.entries(actions)) {
        it(`${action} by ${rank}: as the assignee 200; someone else's ticket ${rank === "admin" ? 200 : 403}`, async () => {
          const w = await world();
          const build = (assignee: number) =>
            buildTicket(server.store, {
              member: w.member,
              status: "WAITING DEV",
              category_id: w.category.id,
              server_id: w.gameServer.id,
              assigned_to: assignee,
            });
          const own = await build(w[rank].id);
          const others = await build(w.mod2.id);
          const [path, ownBody] = call(w, own.id);
          const mine = await w.clients[rank].post(path, ownBody);
          expect(mine.status, JSON.stringify(mine.body)).toBe(200);
          const [, otherBody] = call(w, others.id);
          const foreign = await w.clients[rank].post(path, otherBody);
          if (rank === "admin") expect(foreign.status).toBe(200);
          else {
            expect(foreign.status).toBe(403);
            expect(foreign.body).toMatchObject({ code: "not_ticket_assignee", detail: expect.any(String) });
            expect(await row(others.id)).toEqual(others);
          }
        });
      }
      it(`edit of an ended ticket by ${rank}: as the closer 200; closed by another ${rank === "admin" ? 200 : 403}`, async () => {
        const w = await world();
        const ended = (closer: number, status: "RESOLVED" | "CLOSED") =>
          buildTicket(server.store, {
            member: w.member,
            status,
            category_id: w.category.id,
            server_id: w.gameServer.id,
            assigned_to: w[rank].id,
            ...(status === "RESOLVED" ? { resolved_by: String(closer) } : { closed_by: String(closer) }),
          });
        const edit = (id: number) =>
          w.clients[rank].post("/api/tickets/update-ticket", {
            ticket_id: id,
            new_category: w.category.id,
            new_priority: w.ticket.priority_id,
          });
        expect((await edit((await ended(w[rank].id, "RESOLVED")).id)).status).toBe(200);
        expect((await edit((await ended(w[rank].id, "CLOSED")).id)).status).toBe(200);
        const byOther = await edit((await ended(w.mod2.id, "RESOLVED")).id);
        expect(byOther.status).toBe(rank === "admin" ? 200 : 403);
        if (rank !== "admin") expect(byOther.body.code).toBe("not_ticket_closer");
        // Assign, hold and complete refuse every ended ticket, whoever asks.
        const closed = await ended(w[rank].id, "CLOSED");
        for (const [name, call] of Object.entries(actions)) {
          if (name === "edit") continue;
          const [path, body] = call(w, closed.id);
          const refused = await w.clients[rank].post(path, body);
          expect(refused.status).toBe(409);
          expect(refused.body.code).toBe("ticket_already_ended");
        }
      });
    }
  });
});
