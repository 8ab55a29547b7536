/**
 * Every route's input and answer schemas by name. The server registers routes from them; the web
 * imports this module as types only (web/src/api/client.ts), so no schema is shipped to it.
 */
import { ACCOUNT_SCHEMAS } from "./account.schemas.ts";
import { AUTH_SCHEMAS } from "./auth.schemas.ts";
import { BAN_SCHEMAS } from "./bans.schemas.ts";
import { CHAT_SCHEMAS } from "./chat.schemas.ts";
import { CHAT_LIST_SCHEMAS } from "./chatList.schemas.ts";
import { CONFIG_SCHEMAS } from "./config.schemas.ts";
import { CONTENT_SCHEMAS } from "./content.schemas.ts";
import { DASHBOARD_SCHEMAS } from "./dashboard.schemas.ts";
import type { SchemaTable } from "./define.ts";
import type { ENDPOINTS } from "./endpoints.ts";
import { INTEGRATION_SCHEMAS } from "./integration.schemas.ts";
import { MEMBER_SCHEMAS } from "./members.schemas.ts";
import { NOTES_SCHEMAS } from "./notes.schemas.ts";
import { PERMISSION_SCHEMAS } from "./permissions.schemas.ts";
import { PLAYER_SCHEMAS } from "./players.schemas.ts";
import { PLAYER_TICKET_SCHEMAS } from "./playerTickets.schemas.ts";
import { SETUP_SCHEMAS } from "./setup.schemas.ts";
import { SETUP_ADMIN_SCHEMAS } from "./setupAdmin.schemas.ts";
import { STAFF_TICKET_SCHEMAS } from "./staffTickets.schemas.ts";
import { STAFF_USER_SCHEMAS } from "./staffUsers.schemas.ts";
import { TICKET_SEARCH_SCHEMAS } from "./ticketSearch.schemas.ts";

export const SCHEMAS = {
  ...ACCOUNT_SCHEMAS,
  ...AUTH_SCHEMAS,
  ...BAN_SCHEMAS,
  ...CHAT_LIST_SCHEMAS,
  ...CHAT_SCHEMAS,
  ...CONFIG_SCHEMAS,
  ...CONTENT_SCHEMAS,
  ...DASHBOARD_SCHEMAS,
  ...INTEGRATION_SCHEMAS,
  ...MEMBER_SCHEMAS,
  ...NOTES_SCHEMAS,
  ...PERMISSION_SCHEMAS,
  ...PLAYER_SCHEMAS,
  ...PLAYER_TICKET_SCHEMAS,
  ...SETUP_ADMIN_SCHEMAS,
  ...SETUP_SCHEMAS,
  ...STAFF_TICKET_SCHEMAS,
  ...STAFF_USER_SCHEMAS,
  ...TICKET_SEARCH_SCHEMAS,
} satisfies SchemaTable<typeof ENDPOINTS>;

export type Schemas = typeof SCHEMAS;
