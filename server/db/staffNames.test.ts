/**
 * Staff names are unique among active staff without regard to case, in the database itself
 * (migration 0030): the unique index, and an existing database whose staff already held such
 * twins, on both engines.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildMember, buildStaff } from "../test/factories.ts";
import { isUniqueViolation } from "./dialect.ts";
import { migrateTo, migrateToLatest } from "./migrate.ts";

describe.each(ENGINES)("staff names on %s", (engine) => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  const refused = (work: Promise<unknown>) =>
    work.then(
      () => "written",
      (error: unknown) => (isUniqueViolation(error) ? "unique violation" : error),
    );

  it("refuses a second active employee whose name differs only in case, Unicode included", async () => {
    store = await createTestStore(engine);
    await buildStaff(store, { name: "DbTwin" });
    expect(await refused(buildStaff(store, { name: "dbTWIN" }))).toBe("unique violation");
    await buildStaff(store, { name: "Şahin" });
    expect(await refused(buildStaff(store, { name: "şAHIN" }))).toBe("unique violation");
    // Players' names come from the game: they may repeat a staff name, and each other's.
    await buildMember(store, { name: "dbtwin" });
    await buildMember(store, { name: "DBTWIN" });
    // A deleted employee's name is free again.
    const gone = await buildStaff(store, { name: "Gone" });
    await store.db.updateTable("users").set({ deleted: 1 }).where("id", "=", gone.id).execute();
    expect(await refused(buildStaff(store, { name: "gone" }))).toBe("written");
  });

  it("migrates a database that holds such twins: the first keeps the name, later ones get a number", async () => {
    store = await createTestStore(engine, { migrate: false });
    await migrateTo(store.db as never, engine, "0029_word_count_function");
    const long = "x".repeat(80);
    const made: Record<string, number> = {};
    for (const [key, name] of [
      ["first", "ModAyse"],
      ["second", "modayse"],
      ["taken", "modayse2"],
      ["third", "MODAYSE"],
      ["sahin", "Şahin"],
      ["sahinTwin", "şahin"],
      ["long", long],
      ["longTwin", long.toUpperCase()],
    ] as const) {
      made[key] = (await buildStaff(store, { name })).id;
    }
    made.player = (await buildMember(store, { name: "MODAYSE" })).id;
    const deleted = await buildStaff(store, { name: "Modayse" });
    await store.db.updateTable("users").set({ deleted: 1 }).where("id", "=", deleted.id).execute();

    await migrateToLatest(store.db as never, engine);

    const names = new Map(
      (await store.db.selectFrom("users").select(["id", "name"]).execute()).map((row) => [row.id, row.name]),
    );
    expect(Object.fromEntries(Object.entries(made).map(([key, id]) => [key, names.get(id)]))).toEqual({
      first: "ModAyse",
      second: "modayse3",
      taken: "modayse2",
      third: "MODAYSE4",
      sahin: "Şahin",
      sahinTwin: "şahin2",
      long,
      longTwin: `${"X".repeat(79)}2`,
      player: "MODAYSE",
    });
    expect(names.get(deleted.id)).toBe("Modayse");
    expect(await refused(buildStaff(store, { name: "MODAYSE2" }))).toBe("unique violation");
  });
});
