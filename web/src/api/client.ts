/**
 * The one way the web app talks to the server: every call carries the CSRF header (read from the
 * cookie right before the call, because the server rotates it on every response), includes
 * credentials, and turns a failure into a typed ApiError.
 */
import type { z } from "zod";
import { CSRF_COOKIE, CSRF_HEADER } from "../../../common/constants.ts";
import type { AudienceResponses } from "../../../common/contract/define.ts";
import { ENDPOINTS, type RouteName } from "../../../common/contract/endpoints.ts";
import type { Schemas } from "../../../common/contract/schemas.ts";
import type { BanDetail, ErrorCode, ErrorDetail, ValidationIssue } from "../../../common/errors.ts";

export function readCookie(name: string): string {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return "";
}

/** Over HTTPS the server names the cookie with the __Host- prefix (pinned to this host). */
export function csrfToken(): string {
  return readCookie(`__Host-${CSRF_COOKIE}`) || readCookie(CSRF_COOKIE);
}

export function isBanDetail(detail: unknown): detail is BanDetail {
  return (
    typeof detail === "object" &&
    detail !== null &&
    (detail as BanDetail).status === "WARNING" &&
    typeof (detail as BanDetail).until === "number"
  );
}

function isIssueList(detail: unknown): detail is ValidationIssue[] {
  return Array.isArray(detail);
}

/** One file of a multipart request that the server refused: its position among the files sent, its name. */
export interface RefusedUpload {
  index: number;
  name: string;
}

/** Retry-After in seconds (RFC 9110: a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A failed call: HTTP status (0 when the network failed), the server's detail and optional code. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: ErrorDetail;
  readonly code: ErrorCode | undefined;
  /** How long the server asks to wait (its Retry-After), for a refusal that lifts by itself. */
  readonly retryAfterSeconds: number | undefined;
  /** The file the server refused (its position among the files sent, its name), when one was the problem. */
  readonly file: RefusedUpload | undefined;

  constructor(
    status: number,
    detail: ErrorDetail,
    code?: ErrorCode,
    extra: { retryAfterSeconds?: number; file?: RefusedUpload } = {},
  ) {
    super(ApiError.describe(detail));
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.file = extra.file;
  }

  /** The one line a person reads: a string as is, a list's first msg, a ban's message key. */
  static describe(detail: ErrorDetail): string {
    if (typeof detail === "string") return detail;
    if (isIssueList(detail)) return detail[0]?.msg ?? "";
    if (isBanDetail(detail)) return detail.message;
    return "";
  }

  get ban(): BanDetail | undefined {
    return isBanDetail(this.detail) ? this.detail : undefined;
  }

  /** A 422's field problems, each with its own message. */
  get issues(): ValidationIssue[] {
    return isIssueList(this.detail) ? this.detail : [];
  }
}

export type Body = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

interface CallOptions {
  /** Send JSON instead of the default form encoding. */
  json?: boolean;
  signal?: AbortSignal;
}

function formBody(body: Body): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params;
}

async function parseFailure(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // A proxy error page or an empty body: the status text is all there is.
  }
  if (payload && typeof payload === "object" && "detail" in payload) {
    const { detail, code, file, file_index } = payload as {
      detail: ErrorDetail;
      code?: ErrorCode;
      file?: unknown;
      file_index?: unknown;
    };
    const named = typeof file === "string" && Number.isSafeInteger(file_index) && (file_index as number) >= 0;
    return new ApiError(response.status, detail, code, {
      retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
      file: named ? { index: file_index as number, name: file as string } : undefined,
    });
  }
  return new ApiError(response.status, response.statusText || `HTTP ${response.status}`);
}

async function call<T>(method: string, path: string, body: Body | FormData | undefined, options: CallOptions) {
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (method !== "GET") {
    headers[CSRF_HEADER] = csrfToken();
    if (body instanceof FormData) payload = body;
    else if (options.json) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body ?? {});
    } else payload = formBody(body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: "include", signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error");
  }
  if (!response.ok) throw await parseFailure(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** What the variants of an answer hold under `K` (one object, or each of a union's that has it). */
type OutputField<O, K> = O extends unknown ? (K extends keyof O ? O[K] : never) : never;

/** One input object as sent, where `O` is the schema's output. */
type SentObject<I, O> = I extends unknown
  ? {
      [K in keyof I]: unknown extends I[K] ? ([OutputField<O, K>] extends [never] ? I[K] : OutputField<O, K>) : I[K];
    }
  : never;

/**
 * A schema's input as the web sends it: a field the server coerces (a form's "42" to 42) is typed
 * as the value it becomes, not as `unknown`. A body that is one of several objects (a
 * discriminated union) stays a union of them.
 */
type Sent<T extends z.ZodType> = SentObject<z.input<T>, z.output<T>>;

type Input<S> = S extends { body: infer B extends z.ZodType }
  ? Sent<B>
  : S extends { querystring: infer Q extends z.ZodType }
    ? Sent<Q>
    : undefined;

/** Whose presentation a route answers with, where staff and players are answered differently. */
export type Audience = keyof AudienceResponses;

type Output<S, A extends Audience> = S extends { response: infer R }
  ? R extends AudienceResponses
    ? z.output<R[A]>
    : R extends z.ZodType
      ? z.output<R>
      : never
  : never;

/** A route's fields as its schema takes them, whatever the encoding: a multipart route's text fields too. */
export type RouteFields<N extends RouteName> = Input<Schemas[N]>;
/** What a route of the contract takes: its body (or query string), or, for a multipart route, the form. */
export type RouteInput<N extends RouteName> = (typeof ENDPOINTS)[N] extends { encoding: "multipart" }
  ? FormData
  : RouteFields<N>;
/**
 * What a route of the contract answers, as its response schema gives it: where staff and players
 * are answered differently, the given audience's shape (both when none is given).
 */
export type RouteOutput<N extends RouteName, A extends Audience = Audience> = Output<Schemas[N], A>;

function queryString(input: Body | undefined): string {
  const query = formBody(input ?? {}).toString();
  return query ? `?${query}` : "";
}

/** A route's input (optional where the route takes none, or none that is required) and the call's options. */
type CallArgs<N extends RouteName> =
  undefined extends RouteInput<N>
    ? [input?: RouteInput<N>, options?: Omit<CallOptions, "json">]
    : [input: RouteInput<N>, options?: Omit<CallOptions, "json">];

/** Calls a route of the contract by its name, with the method, path and encoding the contract gives it. */
function callRoute<N extends RouteName, A extends Audience = Audience>(
  name: N,
  ...[input, options = {}]: CallArgs<N>
): Promise<RouteOutput<N, A>> {
  const endpoint: { method: "GET" | "POST"; path: string; encoding?: string } = ENDPOINTS[name];
  const body = input as Body | FormData | undefined;
  if (endpoint.method === "GET") {
    return call<RouteOutput<N, A>>("GET", endpoint.path + queryString(body as Body | undefined), undefined, options);
  }
  return call<RouteOutput<N, A>>("POST", endpoint.path, body, { ...options, json: endpoint.encoding === "json" });
}

/**
 * Calls made from one audience's pages: the server answers a staff session with the staff
 * presentation and a player's with the player's, so the answer is typed as that audience's.
 */
function audienceCall<A extends Audience>(_audience: A) {
  return <N extends RouteName>(name: N, ...args: CallArgs<N>) => callRoute<N, A>(name, ...args);
}

/** The path of a route of the contract, for the few places that hand a URL to someone else (a widget, a link). */
export function routePath(name: RouteName): string {
  return ENDPOINTS[name].path;
}

export const api = {
  call: callRoute,
  /** `call` from a player's page (a member's or a visitor's session). */
  callAsPlayer: audienceCall("player"),
  /** `call` from a staff page. */
  callAsStaff: audienceCall("staff"),
};
