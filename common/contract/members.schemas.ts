import { getMemberResponse } from "../schemas/accountResponses.ts";
import { filingStatusResponse } from "../schemas/filing.ts";
import { defineSchemas } from "./define.ts";
import type { MEMBER_ENDPOINTS } from "./members.ts";

export const MEMBER_SCHEMAS = defineSchemas<typeof MEMBER_ENDPOINTS>()({
  getMember: { response: getMemberResponse },
  filingStatus: { response: filingStatusResponse },
});
