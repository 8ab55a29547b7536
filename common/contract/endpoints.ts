/**
 * Every route of the contract by name: method, path, access, encoding. The web app imports this
 * table at run time (it is plain data); the schemas stay in schemas.ts.
 */
import { BAN_ENDPOINTS } from "./bans.ts";

export const ENDPOINTS = {
  ...BAN_ENDPOINTS,
};

export type RouteName = keyof typeof ENDPOINTS;
