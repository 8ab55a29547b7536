/**
 * The game creates or updates one of its players (integration API and the import script): the
 * member row by e-mail, its name, language and optional password, and its whole character list.
 * Everything is checked before anything is written; a refused row changes nothing.
 */
import type { Kysely } from "kysely";
import type { ValidationIssue } from "../../common/errors.ts";
import { isValidPassword } from "../../common/password.ts";
import type { UpsertMemberBody } from "../../common/schemas/integration.ts";
import { hashPassword } from "../auth/passwords.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { isUniqueViolation } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isStaff } from "../policies/policy.ts";
import {
  type CharacterView,
  findNormalUserByEmail,
  insertMember,
  listCharacters,
  replaceCharacters,
  serverIdsByTitle,
  updateMember,
} from "../repositories/members.ts";
import { createPasswordToken } from "../repositories/passwordTokens.ts";
import { deleteUserSessions } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";

export interface UpsertMemberDeps {
  db: Kysely<Database>;
  /** Closes the sockets of ended sessions (the HTTP node); the import script has none to close. */
  endSessions: (sessionIds: string[]) => void;
}

export interface UpsertMemberResult {
  created: boolean;
  user: UserRow;
  characters: CharacterView[];
  /** Only for a new member without a password: the one-time set-password token. */
  passwordToken: string | null;
}

function refuse(loc: (string | number)[], msg: string): AppError {
  const issue: ValidationIssue = { loc: ["body", ...loc], msg, type: "value_error" };
  return new AppError("validation", [issue]);
}

export async function upsertMember(
  deps: UpsertMemberDeps,
  input: UpsertMemberBody,
  again = false,
): Promise<UpsertMemberResult> {
  const { db } = deps;
  const email = input.email.toLowerCase();
  const servers = await serverIdsByTitle(db);
  const characters = input.characters.map((c, index) => {
    const serverId = servers.get(c.server.trim().toLowerCase());
    if (serverId === undefined) throw refuse(["characters", index, "server"], `Unknown server "${c.server}".`);
    return { name: c.characterName, level: c.characterLevel, serverId };
  });
  if (input.password !== undefined && !isValidPassword(input.password)) {
    throw new AppError("password_invalid");
  }
  const existing = await findNormalUserByEmail(db, email);
  if (isStaff(existing)) throw refuse(["email"], "This e-mail address belongs to a staff account.");
  // A member deleted by staff stays deleted: the game must not bring the account back silently.
  if (existing?.deleted) throw refuse(["email"], "This member was deleted in the help desk.");

  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const now = nowSeconds();
  const fields = { email, name: input.name, language: input.language, passwordHash };
  const write = async (trx: Kysely<Database>) => {
    const user = existing ? await updateMember(trx, existing.id, fields, now) : await insertMember(trx, fields, now);
    await replaceCharacters(trx, user.id, characters);
    const passwordToken = !existing && !passwordHash ? await createPasswordToken(trx, user.id) : null;
    // A new password ends every session the account had (DESIGN: sessions end on password change).
    const endedSessions = existing && passwordHash ? await deleteUserSessions(trx, user.id) : [];
    return { user, passwordToken, endedSessions };
  };
  // Inside a caller's transaction (the demo seed) the writes join it; otherwise they get their own.
  let result: Awaited<ReturnType<typeof write>>;
  try {
    result = db.isTransaction ? await write(db) : await db.transaction().execute(write);
  } catch (error) {
    // The same new member sent twice at once: the other call created it, so this one updates it,
    // as it would have a moment later. (Inside a caller's transaction the failure stands.)
    if (!existing && !again && !db.isTransaction && isUniqueViolation(error)) return upsertMember(deps, input, true);
    throw error;
  }
  if (result.endedSessions.length) deps.endSessions(result.endedSessions);
  return {
    created: !existing,
    user: result.user,
    characters: await listCharacters(db, result.user.id),
    passwordToken: result.passwordToken,
  };
}
