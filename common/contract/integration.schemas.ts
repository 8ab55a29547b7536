import { upsertMemberResponse } from "../schemas/accountResponses.ts";
import { upsertMemberBody } from "../schemas/integration.ts";
import { defineSchemas } from "./define.ts";
import type { INTEGRATION_ENDPOINTS } from "./integration.ts";

export const INTEGRATION_SCHEMAS = defineSchemas<typeof INTEGRATION_ENDPOINTS>()({
  upsertMember: { body: upsertMemberBody, response: upsertMemberResponse },
});
