/** What the client builds its user from: no hashes, no flags it has no business with. */
import { DEFAULT_LANGUAGE, isLanguage } from "../../common/constants.ts";
import { encodeIdToken, type PulseCheckResponse, type SessionUser } from "../../common/schemas/auth.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";

export function presentSessionUser(user: UserRow, session: Pick<SessionRow, "kind" | "ticket_id">): SessionUser {
  const view: SessionUser = {
    id: user.id,
    name: user.name,
    email: user.email,
    class: user.class,
    type: user.type,
    rank: user.rank,
    language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE,
    avatar: user.avatar,
  };
  if (session.kind === "temp" && session.ticket_id !== null) view.ticket_id = session.ticket_id;
  if (user.class === "dev") view.password_generated = user.password_generated === 1;
  return view;
}

export function presentPulse(user: UserRow, session: Pick<SessionRow, "kind" | "ticket_id">): PulseCheckResponse {
  return {
    id_token: encodeIdToken(presentSessionUser(user, session)),
    temp: session.kind === "temp",
    user_type: user.type,
  };
}
