import { describe, expect, it } from "vitest";
import { mayGiveRank, outranks, type Rank, STAFF_RANKS } from "./permissions.ts";

describe("the rank order admin > mod > dev", () => {
  it("lets an employee act only on a lower rank, and an admin on anyone", () => {
    const may = (actor: Rank) => STAFF_RANKS.filter((target) => outranks(actor, target));
    expect(may("admin")).toEqual(["admin", "mod", "dev"]);
    expect(may("mod")).toEqual(["dev"]);
    expect(may("dev")).toEqual([]);
    expect(may("user")).toEqual([]);
  });

  it("lets nobody give a rank above their own", () => {
    const gives = (giver: Rank) => STAFF_RANKS.filter((rank) => mayGiveRank(giver, rank));
    expect(gives("admin")).toEqual(["admin", "mod", "dev"]);
    expect(gives("mod")).toEqual(["mod", "dev"]);
    expect(gives("dev")).toEqual(["dev"]);
    expect(gives("user")).toEqual([]);
  });
});
