/**
 * Every route of the contract by name: method, path, access, encoding. The web app imports this
 * table at run time (it is plain data); the schemas stay in schemas.ts.
 */
import { ACCOUNT_ENDPOINTS } from "./account.ts";
import { AUTH_ENDPOINTS } from "./auth.ts";
import { BAN_ENDPOINTS } from "./bans.ts";
import { CHAT_ENDPOINTS } from "./chat.ts";
import { CHAT_LIST_ENDPOINTS } from "./chatList.ts";
import { CONFIG_ENDPOINTS } from "./config.ts";
import { CONTENT_ENDPOINTS } from "./content.ts";
import { DASHBOARD_ENDPOINTS } from "./dashboard.ts";
import { INTEGRATION_ENDPOINTS } from "./integration.ts";
import { MEMBER_ENDPOINTS } from "./members.ts";
import { NOTES_ENDPOINTS } from "./notes.ts";
import { PERMISSION_ENDPOINTS } from "./permissions.ts";
import { PLAYER_ENDPOINTS } from "./players.ts";
import { PLAYER_TICKET_ENDPOINTS } from "./playerTickets.ts";
import { SETUP_ENDPOINTS } from "./setup.ts";
import { SETUP_ADMIN_ENDPOINTS } from "./setupAdmin.ts";
import { STAFF_TICKET_ENDPOINTS } from "./staffTickets.ts";
import { STAFF_USER_ENDPOINTS } from "./staffUsers.ts";
import { TICKET_SEARCH_ENDPOINTS } from "./ticketSearch.ts";

export const ENDPOINTS = {
  ...ACCOUNT_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...BAN_ENDPOINTS,
  ...CHAT_ENDPOINTS,
  ...CHAT_LIST_ENDPOINTS,
  ...CONFIG_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...DASHBOARD_ENDPOINTS,
  ...INTEGRATION_ENDPOINTS,
  ...MEMBER_ENDPOINTS,
  ...NOTES_ENDPOINTS,
  ...PERMISSION_ENDPOINTS,
  ...PLAYER_ENDPOINTS,
  ...PLAYER_TICKET_ENDPOINTS,
  ...SETUP_ADMIN_ENDPOINTS,
  ...SETUP_ENDPOINTS,
  ...STAFF_TICKET_ENDPOINTS,
  ...STAFF_USER_ENDPOINTS,
  ...TICKET_SEARCH_ENDPOINTS,
};

export type RouteName = keyof typeof ENDPOINTS;

/** The areas' tables, for the test that no two areas name a route alike (a spread keeps only the last). */
export const ENDPOINT_AREAS = [
  ACCOUNT_ENDPOINTS,
  AUTH_ENDPOINTS,
  BAN_ENDPOINTS,
  CHAT_ENDPOINTS,
  CHAT_LIST_ENDPOINTS,
  CONFIG_ENDPOINTS,
  CONTENT_ENDPOINTS,
  DASHBOARD_ENDPOINTS,
  INTEGRATION_ENDPOINTS,
  MEMBER_ENDPOINTS,
  NOTES_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  PLAYER_ENDPOINTS,
  PLAYER_TICKET_ENDPOINTS,
  SETUP_ADMIN_ENDPOINTS,
  SETUP_ENDPOINTS,
  STAFF_TICKET_ENDPOINTS,
  STAFF_USER_ENDPOINTS,
  TICKET_SEARCH_ENDPOINTS,
];
