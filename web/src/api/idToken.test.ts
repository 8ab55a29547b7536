/** The web's zod-free id_token reader agrees with the shared schema on good and bad tokens. */
import { describe, expect, it } from "vitest";
import { decodeIdToken, encodeIdToken, type SessionUser } from "../../../common/schemas/auth.ts";
import { readIdToken } from "./idToken.ts";

const member: SessionUser = {
  id: 7,
  name: "Jörg 星",
  email: "p@example.com",
  class: "user",
  type: "normal",
  rank: "user",
  language: "pt-BR",
  avatar: "",
};

const encodeRaw = (value: unknown) => encodeIdToken(value as SessionUser);

describe("readIdToken", () => {
  it("reads the users the server issues, as the shared schema does", () => {
    const users: SessionUser[] = [
      member,
      { ...member, class: "dev", rank: "mod", language: "ar", avatar: "abc.png" },
      { ...member, type: "temp", rank: "user", ticket_id: 42 },
      { ...member, class: "dev", rank: "admin", password_generated: true },
      { ...member, class: "dev", rank: "mod", password_generated: false },
    ];
    for (const user of users) {
      const token = encodeIdToken(user);
      expect(readIdToken(token)).toEqual(user);
      expect(readIdToken(token)).toEqual(decodeIdToken(token));
    }
  });

  it("drops keys the schema does not know", () => {
    expect(readIdToken(encodeRaw({ ...member, permissions: ["users:delete"] }))).toEqual(member);
  });

  it("refuses what the shared schema refuses", () => {
    const bad: unknown[] = [
      { ...member, id: "7" },
      { ...member, id: 7.5 },
      { ...member, class: "admin" },
      { ...member, type: "guest" },
      { ...member, rank: "owner" },
      { ...member, language: "xx" },
      { ...member, avatar: null },
      { ...member, ticket_id: "1" },
      { ...member, password_generated: "yes" },
      { ...member, name: undefined },
      [member],
      null,
      "user",
    ];
    for (const value of bad) {
      const token = encodeRaw(value);
      expect(decodeIdToken(token), JSON.stringify(value)).toBeNull();
      expect(readIdToken(token), JSON.stringify(value)).toBeNull();
    }
    for (const token of ["", "%%%", "bm90IGpzb24"]) {
      expect(readIdToken(token)).toBeNull();
      expect(decodeIdToken(token)).toBeNull();
    }
  });
});
