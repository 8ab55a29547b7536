/**
 * Player-side ticket calls (spec/1-product-frame.md §7). Bodies arrive form-encoded or multipart, so numbers come
 * as text and are coerced. Limits are spec/1-product-frame.md §5 / §9.
 */
import { z } from "zod";
import { LIMITS } from "../constants.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().trim().min(1).max(max);

export const submitMemberTicketBody = z.object({
  category: id,
  server: id,
  characterName: text(100),
  /** Required only for categories with the violaters form; checked against the category. */
  violatersName: z.string().trim().max(LIMITS.violatorName).optional().default(""),
  subject: text(LIMITS.subject),
  description: text(LIMITS.description),
  captchaToken: z.string().max(20_000).default(""),
});
export type SubmitMemberTicketBody = z.infer<typeof submitMemberTicketBody>;

export const submitTemporaryTicketBody = z.object({
  email: z.email().max(LIMITS.profileEmail),
  name: text(LIMITS.profileName),
  category: id,
  server: id,
  violatersName: z.string().trim().max(LIMITS.violatorName).optional().default(""),
  subject: text(LIMITS.subject),
  description: text(LIMITS.description),
  captchaToken: z.string().max(20_000).default(""),
});
export type SubmitTemporaryTicketBody = z.infer<typeof submitTemporaryTicketBody>;

/**
 * What a visitor types into "Find my ticket": the ticket number they were shown ("#1795442351",
 * spec/1-product-frame.md §3: createdAt doubles as the ticket number), with or without the "#", or the ticket id
 * that earlier versions showed (docs/decisions/player-side.md).
 */
export const ticketReference = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().replace(/^#\s*/, "") : value),
  id,
);

export const searchTicketTemporaryBody = z.object({
  ticket_id: ticketReference,
  email: z.email().max(254),
});

export const ticketIdBody = z.object({ ticket_id: id });

export const memberTicketHistoryBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  entries_per_page: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 100].includes(n), "entries_per_page must be 10, 25, 50 or 100")
    .optional(),
});
