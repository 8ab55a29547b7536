/** POST /api/integration/upsert-member: the game creates and updates its players here. */
import { z } from "zod";
import { LANGUAGES, LIMITS } from "../constants.ts";
import { PASSWORD_MAX } from "../password.ts";

export const characterInput = z.object({
  characterName: z.string().trim().min(1).max(100),
  characterLevel: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** A server title as configured in Server setup. */
  server: z.string().trim().min(1).max(100),
});

export const upsertMemberBody = z.object({
  email: z.email().max(LIMITS.profileEmail),
  name: z.string().trim().min(1).max(LIMITS.profileName),
  language: z.enum(LANGUAGES).optional(),
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
  characters: z.array(characterInput).max(200).default([]),
});
export type UpsertMemberBody = z.infer<typeof upsertMemberBody>;
