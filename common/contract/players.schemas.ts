import {
  getMemberInformationBody,
  getMemberInformationResponse,
  paginationSearchMembersBody,
  paginationSearchMembersResponse,
} from "../schemas/playerAdmin.ts";
import { defineSchemas } from "./define.ts";
import type { PLAYER_ENDPOINTS } from "./players.ts";

export const PLAYER_SCHEMAS = defineSchemas<typeof PLAYER_ENDPOINTS>()({
  paginationSearchMembers: { body: paginationSearchMembersBody, response: paginationSearchMembersResponse },
  getMemberInformation: { body: getMemberInformationBody, response: getMemberInformationResponse },
});
