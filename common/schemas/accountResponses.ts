/** What the session, account, permission and profile calls answer (spec/1-product-frame.md §7). */
import { z } from "zod";
import { LANGUAGES } from "../constants.ts";
import { PERMISSIONS } from "../permissions.ts";
import { pulseCheckResponse, userPreferences } from "./auth.ts";

/** pulse-check and login answer the same: the id token and the temp flag. */
export const sessionResponse = pulseCheckResponse;

export const okResponse = z.object({ ok: z.boolean() });
/** logout-everywhere: how many sessions of the user were ended (this one included). */
export const logoutEverywhereResponse = z.object({ ok: z.boolean(), ended_sessions: z.number().int() });
export const passwordTokenValidResponse = z.object({ valid: z.boolean() });

export const permissionListResponse = z.object({ permissions: z.array(z.enum(PERMISSIONS)) });

export const languageResponse = z.object({ language: z.enum(LANGUAGES) });
export const userPreferencesResponse = z.object({ user_preferences: userPreferences });

export const character = z.object({
  characterName: z.string(),
  characterLevel: z.number(),
  /** The server's title. */
  server: z.string(),
  server_id: z.number().int(),
});
export type Character = z.infer<typeof character>;

/** A member's own account (get-member) and what the game integration gets back. */
export const member = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  banned: z.boolean(),
  /** 0 = not banned, -1 = indefinite, else epoch seconds (spec/1-product-frame.md §3). */
  banned_until: z.number(),
  characters: z.array(character),
});
export type Member = z.infer<typeof member>;

export const getMemberResponse = z.object({ member });

export const upsertMemberResponse = z.object({
  member,
  created: z.boolean(),
  /** A set-password token for a new account created without a password; null otherwise. */
  password_token: z.string().nullable(),
});
