/** GET /api/config/public: what the web client needs before anyone signs in. */
import { z } from "zod";

/** Outside links: the game's site and account pages, and the community pages of the footer. */
export const publicLinks = z.object({
  gameSite: z.string(),
  gameLogin: z.string(),
  safeZone: z.string(),
  changePassword: z.string(),
  deleteAccount: z.string(),
  discord: z.string(),
  facebook: z.string(),
  youtube: z.string(),
});
export type PublicLinks = z.infer<typeof publicLinks>;

export const publicConfig = z.object({
  captcha: z.enum(["altcha", "off"]),
  links: publicLinks,
  version: z.string(),
  /** BUSINESS_TIMEZONE: a staff disable ends at 19:00 there (spec 3 §4); the dialog offers dates by it. */
  businessTimezone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
