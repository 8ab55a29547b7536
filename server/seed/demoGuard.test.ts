/**
 * What counts as a real account for the demo's refusal, on both engines: nothing in a fresh
 * database, in one holding only the first admin, or in one the demo seeded itself; anyone else does.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildMember, buildStaff, buildTempUser } from "../test/factories.ts";
import { seedBase } from "./base.ts";
import { seedDemo } from "./demo.ts";
import { countRealAccounts, DEMO_DATA_DIR, demoEnvironment, demoRefusal } from "./demoGuard.ts";

const log = () => {};

describe.each(ENGINES)("real accounts for the demo on %s", (engine) => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore(engine);
  });
  afterEach(() => store.close());

  it("finds none in a fresh database, beside the first admin, or beside the demo's own accounts", async () => {
    expect(await countRealAccounts(store.db)).toBe(0);
    await seedBase(store, { adminEmail: "owner@example.com", log });
    expect(await countRealAccounts(store.db)).toBe(0);
    await seedDemo(store, { password: "Demo-Password-1!", log });
    expect(await countRealAccounts(store.db)).toBe(0);
    expect(await demoRefusal(store.db, "here")).toBeUndefined();
  });

  it("counts every other account: staff, players, guests and deleted ones", async () => {
    await seedBase(store, { log });
    await buildStaff(store);
    await buildMember(store);
    await buildTempUser(store);
    const deleted = await buildMember(store);
    await store.db.updateTable("users").set({ deleted: 1 }).where("id", "=", deleted.id).execute();
    expect(await countRealAccounts(store.db)).toBe(4);
    expect(await demoRefusal(store.db, "the database in /srv/data")).toBe(
      "refusing to add demo data: the database in /srv/data holds 4 accounts besides the demo's and the first " +
        "admin; run the demo on its own data (leave DATA_DIR and DATABASE_URL unset for ./data-demo, or point " +
        "them at an empty one)",
    );
  });

  it("counts the oldest account when it is no admin", async () => {
    await buildMember(store);
    await seedBase(store, { log });
    expect(await countRealAccounts(store.db)).toBe(2);
  });
});

describe("the demo's data folder", () => {
  it("is ./data-demo unless DATA_DIR names one", () => {
    expect(demoEnvironment({ PORT: "1" })).toEqual({ PORT: "1", DATA_DIR: DEMO_DATA_DIR });
    expect(demoEnvironment({ DATA_DIR: "" }).DATA_DIR).toBe(DEMO_DATA_DIR);
    expect(demoEnvironment({ DATA_DIR: "/srv/demo" }).DATA_DIR).toBe("/srv/demo");
  });
});
