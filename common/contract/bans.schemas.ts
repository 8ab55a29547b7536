import {
  banBody,
  banHistoryMemberBody,
  banHistoryResponse,
  banHistoryTemporaryBody,
  banResponse,
  unbanBody,
} from "../schemas/bans.ts";
import type { BAN_ENDPOINTS } from "./bans.ts";
import { defineSchemas } from "./define.ts";

export const BAN_SCHEMAS = defineSchemas<typeof BAN_ENDPOINTS>()({
  banMemberUser: { body: banBody, response: banResponse },
  banTemporaryUser: { body: banBody, response: banResponse },
  unbanMemberUser: { body: unbanBody, response: banResponse },
  unbanTemporaryUser: { body: unbanBody, response: banResponse },
  banHistoryMember: { body: banHistoryMemberBody, response: banHistoryResponse },
  banHistoryTemporary: { body: banHistoryTemporaryBody, response: banHistoryResponse },
});
