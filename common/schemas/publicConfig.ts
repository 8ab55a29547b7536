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

/** What an attachment may be (spec/1-product-frame.md §5, §9; UPLOAD_MAX_BYTES): the forms say it next to their button. */
export const uploadLimits = z.object({
  maxBytes: z.number().int(),
  maxFiles: z.number().int(),
  /** Accepted MIME types; the server decides by the file's bytes, the form by the browser's type. */
  types: z.array(z.string()),
});
export type UploadLimits = z.infer<typeof uploadLimits>;

export const publicConfig = z.object({
  captcha: z.enum(["altcha", "off"]),
  links: publicLinks,
  version: z.string(),
  /** BUSINESS_TIMEZONE: a staff disable ends at 19:00 there (spec/3-staff-administration.md §4); the dialog offers dates by it. */
  businessTimezone: z.string(),
  uploads: uploadLimits,
});
export type PublicConfig = z.infer<typeof publicConfig>;

/**
 * GET /api/captcha/challenge: an ALTCHA challenge as altcha-lib makes it and the widget reads it.
 * The widget, not this app, owns its shape: every key passes through, those named here included.
 */
export const captchaChallenge = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  /** The server's signature over the parameters: a solution is checked against it. */
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;
