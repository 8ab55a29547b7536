/** The game's servers (docs/decisions/player-side.md): called with the bearer key, not from browsers. */
import { defineEndpoints } from "./define.ts";

export const INTEGRATION_ENDPOINTS = defineEndpoints({
  /** A form body may carry the character list as JSON text; a JSON body carries it as a list. */
  upsertMember: { method: "POST", path: "/api/integration/upsert-member", access: "integration" },
});
