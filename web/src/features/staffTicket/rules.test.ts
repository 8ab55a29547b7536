/** The page's mirror of §6 shows the controls the server will accept. */
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../../../common/schemas/auth.ts";
import type { StaffTicketFull } from "./api.ts";
import { mayAct, mayEdit, reasonRequired } from "./rules.ts";

const staff = (id: number, rank: "admin" | "mod" | "dev"): SessionUser => ({
  id,
  name: `s${id}`,
  email: `s${id}@x.test`,
  class: "dev",
  type: "normal",
  rank,
  language: "en",
  avatar: "",
});

const ticket = (values: Partial<StaffTicketFull>): StaffTicketFull =>
  ({
    status: "WAITING DEV",
    assignedTo: null,
    resolved_by: null,
    closed_by: null,
    user_id: 99,
    last_message_from: null,
    last_message_by: null,
    ...values,
  }) as StaffTicketFull;

describe("staff ticket rules", () => {
  it("open tickets: the assignee or an admin; unassigned: anyone; ended: nobody acts", () => {
    expect(mayAct(staff(1, "dev"), ticket({ assignedTo: 1 }))).toBe(true);
    expect(mayAct(staff(2, "mod"), ticket({ assignedTo: 1 }))).toBe(false);
    expect(mayAct(staff(3, "admin"), ticket({ assignedTo: 1 }))).toBe(true);
    expect(mayAct(staff(2, "mod"), ticket({}))).toBe(true);
    expect(mayAct(staff(3, "admin"), ticket({ status: "CLOSED" }))).toBe(false);
  });

  it("ended tickets are edited by their closer or an admin; after AUTO, by the assignee", () => {
    expect(mayEdit(staff(1, "dev"), ticket({ status: "CLOSED", closed_by: "1" }))).toBe(true);
    expect(mayEdit(staff(1, "dev"), ticket({ status: "RESOLVED", resolved_by: "2", assignedTo: 1 }))).toBe(false);
    expect(mayEdit(staff(3, "admin"), ticket({ status: "RESOLVED", resolved_by: "2" }))).toBe(true);
    expect(mayEdit(staff(1, "dev"), ticket({ status: "CLOSED", closed_by: "AUTO", assignedTo: 1 }))).toBe(true);
  });

  it("a reason is needed when the player or another employee wrote last", () => {
    expect(reasonRequired(staff(1, "dev"), ticket({ last_message_from: "user", last_message_by: 99 }))).toBe(true);
    expect(reasonRequired(staff(1, "dev"), ticket({ last_message_from: "staff", last_message_by: 2 }))).toBe(true);
    expect(reasonRequired(staff(1, "dev"), ticket({ last_message_from: "staff", last_message_by: 1 }))).toBe(false);
    expect(reasonRequired(staff(1, "dev"), ticket({}))).toBe(false);
  });
});
