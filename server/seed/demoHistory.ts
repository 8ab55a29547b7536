/**
 * A year of finished tickets behind the demo, so that the dashboard's
 * and the statistics page's charts have a shape: about one ticket a day with a seasonal swell and
 * busier weekends, a busier last week by daytime, each answered by a demo employee after minutes
 * to hours and then resolved or closed. The tickets belong to three archive players of their own
 * (no password, no characters) and are unassigned and ended, so no demo player's history and no
 * one's ticket or chat list changes; the numbers are the same for every run (a seeded generator).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { freeTicketNumber } from "../db/ticketNumber.ts";
import type { DemoRefs } from "./demoTickets.ts";
import { insertUser } from "./users.ts";

const DAY = 86_400;
const HOUR = 3600;

/** Deterministic numbers in (0, 1): the Park–Miller generator, enough for a demo's spread. */
function generator(seed: number): () => number {
  let state = seed % 2_147_483_647 || 1;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length] as T;

/** Seconds before now of every history ticket's creation, oldest first. */
function creationTimes(random: () => number): number[] {
  const ago: number[] = [];
  for (let day = 364; day >= 1; day--) {
    const season = 0.7 * Math.sin((2 * Math.PI * day) / 365);
    const weekend = day % 7 < 2 ? 0.6 : 0;
    const n = Math.max(0, Math.floor(0.8 + season + weekend + random()));
    for (let i = 0; i < n; i++) ago.push(day * DAY + Math.floor(random() * DAY));
  }
  // The last week by the hour: more in the afternoon than at night.
  for (let hour = 167; hour >= 1; hour--) {
    const daytime = Math.sin((Math.PI * ((hour + 6) % 24)) / 24) ** 2;
    if (random() < 0.15 + 0.35 * daytime) ago.push(hour * HOUR + Math.floor(random() * HOUR));
  }
  return ago.sort((a, b) => b - a);
}

export async function insertDemoHistory(db: Kysely<Database>, refs: DemoRefs, now: number): Promise<number> {
  const random = generator(2_09);
  const players = [];
  for (const [i, name] of ["ArchiveArda", "ArchiveMira", "ArchiveTomas"].entries()) {
    const email = `archive${i + 1}@demo.test`;
    players.push(await insertUser(db, { class: "user", rank: "user", name, email, passwordHash: null }, now));
  }
  const staff = Object.values(refs.staff);
  const categories = [...refs.categories.values()];
  const servers = [...refs.servers.values()];
  let count = 0;
  for (const ago of creationTimes(random)) {
    const created = await freeTicketNumber(db, now - ago);
    const player = pick(players, random());
    const agent = pick(staff, random());
    // Minutes to hours: most first replies are quick, a few wait half a day.
    const replyAt = Math.min(now - 60, created + Math.floor(180 + random() ** 3 * 12 * HOUR));
    const endedAt = Math.min(now, replyAt + Math.floor(random() * 2 * DAY));
    const closed = random() < 0.55;
    const ticket = await db
      .insertInto("tickets")
      .values({
        created_at: created,
        last_updated: endedAt,
        user_id: player.id,
        email: player.email,
        name: player.name,
        category_id: pick(categories, random()),
        priority_id: refs.defaultPriority,
        server_id: pick(servers, random()),
        status: closed ? "CLOSED" : "RESOLVED",
        subject: "Archived request",
        description: "A request from an earlier season, answered and finished.",
        resolved_by: closed ? null : String(agent.id),
        closed_by: closed ? (random() < 0.3 ? "AUTO" : String(agent.id)) : null,
        ip_origin: "203.0.113.200",
        last_message_at: replyAt,
        last_message_from: "staff",
        last_message_by: agent.id,
        first_reply_at: replyAt,
        clean: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("chat_messages")
      .values({
        ticket_id: ticket.id,
        type: "message",
        sender_id: agent.id,
        sender_name: agent.name,
        message: "Thank you for your patience, this is sorted now.",
        timestamp: replyAt,
        user_class: "dev",
        read: 1,
        ip_origin: "198.51.100.7",
      })
      .execute();
    count++;
  }
  return count;
}
