/** What the web app reads before anyone signs in (spec/1-product-frame.md §2): its configuration and the bot challenge. */
import { defineEndpoints } from "./define.ts";

export const CONFIG_ENDPOINTS = defineEndpoints({
  publicConfig: { method: "GET", path: "/api/config/public", access: "public" },
  /** Fetched by the ALTCHA widget itself, from the URL the web hands it. */
  captchaChallenge: { method: "GET", path: "/api/captcha/challenge", access: "public" },
});
