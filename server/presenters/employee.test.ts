/** The staff list's employee fits its schema exactly, whatever state the disable is in. */
import { describe, expect, it } from "vitest";
import { employee } from "../../common/schemas/staffUsers.ts";
import type { UserRow } from "../repositories/users.ts";
import { presentEmployee } from "./employee.ts";

const NOW = 1_800_000_000;

function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 4,
    class: "dev",
    type: "normal",
    rank: "mod",
    name: "mod4",
    email: "mod4@staff.test",
    password_hash: "secret-hash",
    avatar: "",
    language: "en",
    disabled: 0,
    disabled_until: 0,
    banned: 0,
    banned_until: 0,
    deleted: 0,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_100,
    password_generated: 0,
    ...overrides,
  };
}

describe("employee presenter", () => {
  it.each([
    ["enabled", userRow(), { disabled: false, disabled_until: 0 }],
    [
      "disabled until a date",
      userRow({ disabled: 1, disabled_until: NOW + 60 }),
      { disabled: true, disabled_until: NOW + 60 },
    ],
    ["disabled indefinitely", userRow({ disabled: 1, disabled_until: -1 }), { disabled: true, disabled_until: -1 }],
    [
      "disabled with no end stored",
      userRow({ disabled: 1, disabled_until: 0 }),
      { disabled: true, disabled_until: -1 },
    ],
    [
      "a disable that has run out",
      userRow({ disabled: 1, disabled_until: NOW - 1 }),
      { disabled: false, disabled_until: 0 },
    ],
  ])("%s", (_name, user, expected) => {
    const view = presentEmployee({ user, categories: [1, 2], servers: [3] }, NOW);
    expect(view).toMatchObject(expected);
    const parsed = employee.safeParse(view);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(view);
    expect(JSON.stringify(view)).not.toContain("secret-hash");
  });
});
