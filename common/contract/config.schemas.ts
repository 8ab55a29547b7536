import { captchaChallenge, publicConfig } from "../schemas/publicConfig.ts";
import type { CONFIG_ENDPOINTS } from "./config.ts";
import { defineSchemas } from "./define.ts";

export const CONFIG_SCHEMAS = defineSchemas<typeof CONFIG_ENDPOINTS>()({
  publicConfig: { response: publicConfig },
  captchaChallenge: { response: captchaChallenge },
});
