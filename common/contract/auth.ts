/** Sessions (spec/1-product-frame.md §4, §7): the session check, sign-in, sign-out here or everywhere, set-password. */
import { defineEndpoints } from "./define.ts";

export const AUTH_ENDPOINTS = defineEndpoints({
  pulseCheck: { method: "GET", path: "/auth/pulse-check", access: "signedIn" },
  /** An already signed-in member or employee is answered 409; a visitor's ticket session may sign in. */
  login: { method: "POST", path: "/auth/login", access: "public", encoding: "json" },
  /** Harmless without a session: it hands out a fresh pre-session CSRF token. */
  logout: { method: "POST", path: "/auth/logout", access: "public" },
  logoutEverywhere: { method: "POST", path: "/auth/logout-everywhere", access: "signedIn" },
  /** The token is the credential: whoever holds it may check it or use it. */
  checkPasswordToken: { method: "POST", path: "/auth2/check-password-token", access: "public" },
  setupPassword: { method: "POST", path: "/auth2/setup-password", access: "public" },
});
