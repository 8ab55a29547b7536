/**
 * Exact search folds Unicode case on both engines as PostgreSQL's lower() does:
 * Turkish, German and Cyrillic names, e-mails and character names, found in any case, on an
 * index on SQLite as well.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { foldCase } from "../../common/foldCase.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const PAGINATION = "/api/tickets/pagination-search-tickets";

const PEOPLE = [
  { name: "İLKNUR ŞAHİN", email: "ILKNUR.SAHIN@örnek.test", character: "Çağrı" },
  { name: "Ömer Işık", email: "omer@example.test", character: "GÜNEŞ" },
  { name: "Jürgen Groß", email: "JUERGEN@Straße.test", character: "ÄRGERLICH" },
  { name: "ИВАН Петров", email: "ivan@ПРИМЕР.test", character: "Ёжик" },
];

describe.each(ENGINES)("Exact search folds Unicode case on %s", (engine) => {
  const server = useTestServer(engine);
  let admin: InsertedUser;
  let client: TestClient;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    admin = await buildStaff(server.store, { rank: "admin" });
    for (const person of PEOPLE) {
      const member = await buildMember(server.store, { name: person.name, email: person.email, characters: [] });
      const ticket = await buildTicket(server.store, {
        member,
        name: person.name,
        email: person.email,
        character_name: person.character,
      });
      ids.set(person.name, ticket.id);
    }
    client = server.client();
    await client.signIn(admin.email, FACTORY_PASSWORD);
  });

  async function exact(field: "name" | "email" | "character_name", value: string): Promise<number[]> {
    const res = await client.post(PAGINATION, { [field]: value, [`${field}_mode`]: 2, entries_per_page: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { tickets: { id: number }[] }).tickets.map((t) => t.id);
  }

  it("finds each name, e-mail and character name typed in another case", async () => {
    const cases: [field: "name" | "email" | "character_name", typed: string, owner: string][] = [
      ["name", "ilknur şahin", "İLKNUR ŞAHİN"], // dotted capital İ folds to a plain i, as in PostgreSQL
      ["name", "İlknur Şahin", "İLKNUR ŞAHİN"],
      ["name", "ÖMER işık", "Ömer Işık"],
      ["name", "JÜRGEN GROSS".replace("SS", "ß"), "Jürgen Groß"],
      ["name", "иван петров", "ИВАН Петров"],
      ["email", "ilknur.sahin@ÖRNEK.TEST", "İLKNUR ŞAHİN"],
      ["email", "juergen@STRASSE.test".replace("SS", "ß"), "Jürgen Groß"],
      ["email", "IVAN@пример.TEST", "ИВАН Петров"],
      ["character_name", "ÇAĞrı", "İLKNUR ŞAHİN"],
      ["character_name", "güneş", "Ömer Işık"],
      ["character_name", "ärgerlich", "Jürgen Groß"],
      ["character_name", "ёЖИК", "ИВАН Петров"],
    ];
    for (const [field, typed, owner] of cases) {
      expect(await exact(field, typed), `${field} = ${typed}`).toEqual([ids.get(owner)]);
    }
  });

  it("stays exact: no prefix, no other spelling", async () => {
    expect(await exact("name", "ilknur")).toEqual([]);
    expect(await exact("name", "jürgen gross")).toEqual([]); // ß is not ss, in PostgreSQL's lower() either
    expect(await exact("name", "иван петр")).toEqual([]);
    // Without a Turkish locale, as PostgreSQL's lower(): I folds to i, never to the dotless ı.
    expect(await exact("name", "ÖMER IŞIK")).toEqual([]);
    expect(await exact("character_name", "ежик")).toEqual([]); // е is not ё
  });

  it("folds as PostgreSQL's lower() does", async () => {
    const samples = PEOPLE.flatMap((p) => [p.name, p.email, p.character]).concat(["ΟΔΥΣΣΕΑΣ", "İı", "ǅ"]);
    for (const sample of samples) {
      if (engine === "postgres") {
        const row = await sql<{ l: string }>`SELECT lower(${sample}) AS l`.execute(server.store.db);
        expect(foldCase(sample), sample).toBe(row.rows[0]?.l);
      } else {
        const row = await sql<{ l: string }>`SELECT unicode_lower(${sample}) AS l`.execute(server.store.db);
        expect(row.rows[0]?.l, sample).toBe(foldCase(sample));
      }
    }
  });

  if (engine === "sqlite") {
    it("reads the unicode_lower() index on SQLite", async () => {
      for (const column of ["name", "email", "character_name"]) {
        const plan = await sql<{
          detail: string;
        }>`EXPLAIN QUERY PLAN SELECT id FROM tickets WHERE unicode_lower(${sql.ref(column)}) = ${"x"}`.execute(
          server.store.db,
        );
        expect(plan.rows.map((r) => r.detail).join(" "), column).toContain(`tickets_${column}_unicode_lower`);
      }
    });
  }
});
