/**
 * The vocabulary of the authorization matrix: roles, fixtures, cases and expected outcomes. The
 * rows live in accessMatrix.ts and, per area of the staff side, in this folder; every row file
 * imports from here (never from accessMatrix.ts, which imports them).
 */
import type { ZodType } from "zod";
import type { TicketStatus } from "../../../common/constants.ts";

export const ROLES = ["anonymous", "temporary", "memberA", "memberB", "dev", "mod", "admin"] as const;
/** anonymous: no session; temporary: a session opened for the visitor's own ticket; memberB acts on A's things. */
export type Role = (typeof ROLES)[number];
export type SocketRole = Exclude<Role, "anonymous">;

/** What the matrix test sets up, fresh for every case, so that no case sees another's writes. */
export interface AccessFixtures {
  memberA: { id: number; email: string; password: string; characterName: string; serverId: number };
  memberB: { id: number; email: string };
  categoryId: number;
  /** A's ticket (REPLIED: staff have answered), with a player message and a staff-only message. */
  ticketA: { id: number; chatId: string };
  playerMessageA: number;
  /** An assignment message in A's chat: staff see it, players do not (spec/2-staff-ticket-work.md §6). */
  staffOnlyMessageA: number;
  /** An internal note on A's ticket by each staff role (edit and delete act on their own). */
  staffNotesA: { dev: number; mod: number; admin: number };
  /** A plain message in A's chat by each staff role (edit and delete act on their own). */
  staffMessagesA: { dev: number; mod: number; admin: number };
  /** The temporary visitor's own ticket; their session is bound to it. */
  tempTicket: { id: number; email: string; chatId: string };
  /** Another ticket filed with the same e-mail (the same temporary identity today, finding 4). */
  tempOtherTicket: { id: number };
  /** Stored upload names. */
  uploads: { aOnTicketA: string; aUnattached: string; tempOnTempTicket: string; tempOnOtherTicket: string };
  announcementId: number;
  integrationKey: string;
  /** A valid, unused set-password token of a member without a password. */
  passwordToken(): Promise<string>;
  /** A value no other call used (for e-mails and names). */
  unique(): string;
  /** A small PNG, for multipart calls. */
  png: { name: string; bytes: Uint8Array };
  /** Each signed-in role's user id (calls that must name the caller, e.g. get_unread_messages). */
  roleIds: Record<SocketRole, number>;
  // ---- staff ticket actions
  /** The priority of A's ticket (the default one). */
  priorityId: number;
  /**
   * A new ticket of another member on A's category and server, for calls that change a ticket:
   * each role acts on its own. `assignedToAdmin`: dev and mod are not its assignee; a CLOSED one
   * was closed by the admin.
   */
  freshTicket(options?: { status?: TicketStatus; assignedToAdmin?: boolean }): Promise<{ id: number }>;
  /** A mod who handles A's category and server: the one employee Auto or a chosen assignment can pick. */
  assignableStaff: { id: number };
  /** A new employee (dev rank unless given) for the staff list's calls to act on: each call gets its own. */
  staffTarget(options?: { rank?: "admin" | "mod" | "dev" }): Promise<{ id: number }>;
  /** A new live category, priority level or server: each role edits, deletes or toggles its own. */
  freshSetupEntry(kind: "categories" | "priorities" | "servers"): Promise<{ id: number }>;
  /** A new quick reply (each role acts on its own). */
  freshQuickReply(): Promise<{ id: number }>;
  /** A new excuse of the action; its text, by which excuses are named. */
  freshExcuse(action: "RESOLVED" | "CLOSED"): Promise<string>;
  /** The admin's profile picture URL; the admin wrote in A's chat, so member A may see it. */
  adminAvatar: string;
  /** A to-do on the shared board, fresh for each call (mark and delete act on it). */
  todo(): Promise<number>;
  /** An employee announcement, live now. */
  employeeAnnouncementId: number;
  faqId: number;
  /** A new row of that table for a call that removes one: each role deletes its own. */
  freshContent(table: "announcements" | "employee_announcements" | "faqs"): Promise<number>;
}

export interface RequestSpec {
  /** The path with its parameters filled in; the row's url when omitted. */
  path?: string;
  /** Sent as JSON (the server accepts JSON wherever the spec says form or multipart). */
  json?: Record<string, unknown>;
  /** Sent as multipart: text fields and files. */
  multipart?: { fields?: Record<string, string>; files?: { field: string; name: string; bytes: Uint8Array }[] };
  headers?: Record<string, string>;
}

/** A status, or any of several (e.g. the web app answers 503 until it is built). */
export type Expected = number | readonly number[];

export interface AccessCase {
  name: string;
  request(f: AccessFixtures, role: Role): RequestSpec | Promise<RequestSpec>;
  expect: Record<Role, Expected>;
  known?: Partial<Record<Role, string>>;
}

export interface RouteAccess {
  method: "GET" | "POST";
  url: string;
  /** The schema the input is checked against, by Fastify or inside the handler; null: no input. */
  schema: ZodType | null;
  /** Where the schema applies: the body (default) or the path parameters. */
  input?: "body" | "params";
  /** The route reads multipart (files) as the spec says; it also takes JSON. */
  multipart?: boolean;
  /** Authenticated by a bearer key instead of the cookie: no CSRF token. */
  csrf?: false;
  /** Registered only when the web app is built (dist/web). */
  onlyWhenBuilt?: boolean;
  cases: AccessCase[];
}

export type Group = "everyone" | "signedIn" | "members" | "staff";
export const GROUPS: Record<Group, readonly Role[]> = {
  everyone: ROLES,
  signedIn: ["temporary", "memberA", "memberB", "dev", "mod", "admin"],
  members: ["memberA", "memberB"],
  staff: ["dev", "mod", "admin"],
};

/** Expected outcomes by group, then by role; a role named alone wins over its group. */
export function outcomes<T>(spec: Partial<Record<Group | Role, T>>): Record<Role, T> {
  const result: Partial<Record<Role, T>> = {};
  for (const group of ["everyone", "signedIn", "members", "staff"] as const) {
    const value = spec[group];
    if (value !== undefined) for (const role of GROUPS[group]) result[role] = value;
  }
  for (const role of ROLES) if (spec[role] !== undefined) result[role] = spec[role];
  const missing = ROLES.filter((r) => result[r] === undefined);
  if (missing.length) throw new Error(`no expected outcome for ${missing.join(", ")}`);
  return result as Record<Role, T>;
}

/** An acknowledgement: `ok`, or the error code of `{ok: false, error}`. */
export type AckOutcome = "ok" | string;

export interface SocketCase {
  name: string;
  payload(f: AccessFixtures, role: SocketRole): unknown;
  expect: Record<SocketRole, AckOutcome>;
  known?: Partial<Record<SocketRole, string>>;
}

export interface SocketAccess {
  event: string;
  schema: ZodType;
  cases: SocketCase[];
}

export function socketOutcomes(spec: Partial<Record<Group | Role, AckOutcome>>): Record<SocketRole, AckOutcome> {
  const { anonymous: _anonymous, ...rest } = outcomes({ anonymous: "refused", ...spec });
  return rest;
}
