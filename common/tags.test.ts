import { describe, expect, it } from "vitest";
import { findTags, taggedStaff } from "./tags.ts";

const staff = [
  { id: 1, name: "Ada" },
  { id: 2, name: "Ada Lovelace" },
  { id: 3, name: "mod1" },
  { id: 4, name: "mod12" },
  { id: 5, name: "Çağrı" },
];

describe("tags", () => {
  it("takes the longest staff name that follows @, without regard to case", () => {
    expect(taggedStaff("ping @ada lovelace please", staff).map((s) => s.id)).toEqual([2]);
    expect(taggedStaff("ping @Ada, please", staff).map((s) => s.id)).toEqual([1]);
    expect(taggedStaff("@mod12 and @mod1.", staff).map((s) => s.id)).toEqual([4, 3]);
    expect(taggedStaff("@çağrı bakar mısın", staff).map((s) => s.id)).toEqual([5]);
  });

  it("needs a whole name and a word start; unknown names are left alone", () => {
    expect(taggedStaff("@mod123 @Adam mail@Ada @nobody", staff)).toEqual([]);
  });

  it("names each tagged member once", () => {
    expect(taggedStaff("@Ada @ada @Ada", staff).map((s) => s.id)).toEqual([1]);
  });

  it("finds #numbers as ticket references with their place in the text", () => {
    const text = "see #1700000000 and @Ada; not a#5 nor #12x";
    expect(findTags(text, staff)).toEqual([
      { start: 4, end: 15, kind: "ticket", value: 1700000000 },
      { start: 20, end: 24, kind: "name", value: staff[0] },
    ]);
  });
});
