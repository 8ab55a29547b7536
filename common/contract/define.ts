/**
 * The shape of the route contract between server and web. Each route has a name and two halves,
 * declared per area of the product in two files of this folder, `<area>.ts` and
 * `<area>.schemas.ts`:
 *
 * - its endpoint: method, path, who may call it, and how the web sends its input. Plain data,
 *   small enough for the web app's first load;
 * - its schemas: the input the server validates and the answer it serializes, per audience where
 *   staff and players are answered differently. The server registers routes from them; the web
 *   imports them as types only, so that no schema reaches the browser.
 *
 * server/http/contractRoutes.ts registers a route by its name; web/src/api/client.ts calls one by
 * its name (`api.call("holdTicket", { ticket_id })`), typed by the same schemas.
 */
import type { z } from "zod";
import type { Permission } from "../permissions.ts";

/**
 * Who may call a route, checked from the session before the input is read or validated
 * (server/policies/access.ts): a caller outside it gets 401 or 403 whatever they send.
 *
 * - public: anyone, signed in or not;
 * - signedIn: any session: a member, a visitor's ticket session, an employee;
 * - player: a member or a visitor's ticket session; staff are answered 404 (they have their own calls);
 * - member: a member's own session; a visitor's ticket session or an employee is answered 403;
 * - callers: a session of one of these kinds of caller; any other is answered 403;
 * - staff: any employee;
 * - admin: an employee of the admin rank, for the few calls no permission string names (the changelog);
 * - permission / anyPermission: an employee holding it (admins hold every permission);
 * - integration: the game's bearer key (401 without it, 404 when none is configured); no session,
 *   no CSRF token.
 */
export type Access =
  | "public"
  | "signedIn"
  | "player"
  | "member"
  | { callers: readonly Caller[] }
  | "staff"
  | "admin"
  | { permission: Permission }
  | { anyPermission: readonly Permission[] }
  | "integration";

/** The kinds of signed-in caller: a member, a visitor's ticket session, an employee. */
export type Caller = "member" | "temporary" | "staff";

/**
 * How the web sends the input: form fields (the spec's default), a JSON body, or multipart with
 * files. The server accepts JSON wherever the spec says form or multipart.
 */
export type Encoding = "form" | "json" | "multipart";

export interface Endpoint {
  method: "GET" | "POST";
  path: `/${string}`;
  access: Access;
  /** POST only; form when omitted. A GET sends its input as the query string. */
  encoding?: Encoding;
}

/** A response per audience: staff see more of a ticket or a chat than its player does. */
export interface AudienceResponses {
  staff: z.ZodType;
  player: z.ZodType;
}

export interface RouteSchemas {
  /** The JSON or form body; for multipart, its text fields (files are read apart). */
  body?: z.ZodType;
  querystring?: z.ZodType;
  /** The 200 answer. */
  response: z.ZodType | AudienceResponses;
}

export type EndpointTable = Record<string, Endpoint>;

/** The schemas of every endpoint of an area, and of nothing else. */
export type SchemaTable<E extends EndpointTable> = { [N in keyof E]: RouteSchemas };

export function defineEndpoints<const E extends EndpointTable>(endpoints: E): E {
  return endpoints;
}

export function defineSchemas<E extends EndpointTable>() {
  return <const S extends SchemaTable<E>>(schemas: S & Record<Exclude<keyof S, keyof E>, never>): S => schemas;
}

export function isAudienceResponses(response: RouteSchemas["response"]): response is AudienceResponses {
  return "staff" in response && "player" in response && !("parse" in response);
}

/** The one schema Fastify serializes with: the union of the audiences' answers where there are two. */
export type ResponseSchemaOf<S extends RouteSchemas> = S["response"] extends AudienceResponses
  ? S["response"]["staff"] | S["response"]["player"]
  : S["response"];
