import {
  logoutEverywhereResponse,
  okResponse,
  passwordTokenValidResponse,
  sessionResponse,
} from "../schemas/accountResponses.ts";
import { loginBody, passwordTokenBody, setupPasswordBody } from "../schemas/auth.ts";
import type { AUTH_ENDPOINTS } from "./auth.ts";
import { defineSchemas } from "./define.ts";

export const AUTH_SCHEMAS = defineSchemas<typeof AUTH_ENDPOINTS>()({
  pulseCheck: { response: sessionResponse },
  login: { body: loginBody, response: sessionResponse },
  logout: { response: okResponse },
  logoutEverywhere: { response: logoutEverywhereResponse },
  checkPasswordToken: { body: passwordTokenBody, response: passwordTokenValidResponse },
  setupPassword: { body: setupPasswordBody, response: okResponse },
});
