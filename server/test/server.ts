/**
 * A real app node on a random port for integration tests (Outline's getTestServer), with a
 * cookie-keeping HTTP client that sends the CSRF header like the web client does.
 */
import type { AddressInfo } from "node:net";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { io as connectSocket, type Socket } from "socket.io-client";
import { CSRF_COOKIE, CSRF_HEADER } from "../../common/constants.ts";
import { type AppNode, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Engine } from "../db/database.ts";
import {
  createLimitStore,
  createTestStore,
  type LimitStoreKind,
  type TestStore,
  type TestStoreOptions,
} from "./engines.ts";

export interface TestServer {
  node: AppNode;
  store: TestStore;
  baseUrl: string;
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Where the server keeps its limits: this node's memory (default) or Redis (TEST_REDIS_URL). */
  limits?: LimitStoreKind;
  store?: TestStoreOptions;
}

export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const store = await createTestStore(engine, options.store);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: store.dataDir, CAPTCHA: "off", LOG_LEVEL: "silent", ...env });
  const limits = createLimitStore(options.limits ?? "memory");
  const node = await buildApp({ config, store, logger: false, captchaMaxCounter: 2000, limits });
  await node.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = node.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const clients: TestClient[] = [];
  return {
    node,
    store,
    baseUrl,
    client() {
      const client = new TestClient(baseUrl);
      clients.push(client);
      return client;
    },
    async close() {
      for (const c of clients) c.closeSockets();
      await node.app.close();
      await limits.close();
      await store.close();
    },
  };
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser stand-in: keeps cookies, reads the CSRF cookie, sends it back as a header. */
export class TestClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();
  readonly #sockets: Socket[] = [];

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  get csrf(): string | undefined {
    return this.cookies.get(CSRF_COOKIE);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  #keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: Record<string, unknown> | unknown[] | URLSearchParams | FormData,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    // A first GET gives a fresh client its cookies, as page load does in a browser.
    if (method !== "GET" && !this.csrf && options.csrf !== false) await this.request("GET", "/api/config/public");
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...options.headers };
    if (method !== "GET" && options.csrf !== false && this.csrf) headers[CSRF_HEADER] = this.csrf;
    let payload: BodyInit | undefined;
    if (body instanceof URLSearchParams || body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: "manual" });
    this.#keep(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>("GET", path);
  }

  post<T = Record<string, unknown>>(
    path: string,
    body?: Record<string, unknown> | unknown[] | URLSearchParams | FormData,
    options?: { csrf?: boolean; headers?: Record<string, string> },
  ) {
    return this.request<T>("POST", path, body ?? {}, options);
  }

  /** Solves the server's ALTCHA challenge the way the widget does; answers the widget's payload. */
  async solveCaptcha(): Promise<string> {
    const challenge = (await this.get("/api/captcha/challenge")).body as never as Parameters<
      typeof solveChallenge
    >[0]["challenge"];
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
    return Buffer.from(JSON.stringify(payload)).toString("base64");
  }

  async signIn(email: string, password: string): Promise<TestResponse> {
    const response = await this.post("/auth/login", { username: email, password, captchaToken: "" });
    if (response.status !== 200)
      throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  }

  /** A socket.io client with this client's cookies and CSRF token, websocket only. */
  socket(options: { csrf?: string; origin?: string; reconnection?: boolean } = {}): Socket {
    const socket = connectSocket(this.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 50,
      forceNew: true,
      extraHeaders: { cookie: this.cookieHeader(), ...(options.origin ? { origin: options.origin } : {}) },
      auth: { csrf: options.csrf ?? this.csrf },
    });
    this.#sockets.push(socket);
    return socket;
  }

  closeSockets(): void {
    for (const s of this.#sockets) s.close();
  }
}

/** Resolves when the socket connects, rejects with the server's reason when it is refused. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => reject(error));
  });
}

export function emitWithAck<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<T>;
}

/** Resolves with the next `event` the socket receives (or rejects after a timeout). */
export function nextEvent<T = Record<string, unknown>>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * Resolves once everything the server had sent this socket before the call has arrived: the socket
 * sends an event that changes nothing (leaving a room it is not in) and waits for the answer, which
 * the server writes on the same connection after whatever it wrote before. A test proves that an
 * event was not sent by checking, after this, that it has not arrived, instead of sleeping.
 * A fan-out that reads the database before it emits (new_active_chat, unread_message) may still be
 * on its way: wait for an event that leaves after it first.
 */
export async function caughtUp(socket: Socket): Promise<void> {
  const answer = await emitWithAck(socket, "leave_chatroom", { room_id: "caught-up" });
  if (!(answer as { ok?: boolean }).ok) throw new Error(`the round trip was refused: ${JSON.stringify(answer)}`);
}

/**
 * A second app node on the same database and the same limit store, as a second machine behind a
 * load balancer would be: for tests that a limit holds across nodes. Close it before the server.
 */
export async function startSecondNode(
  server: TestServer,
): Promise<{ node: AppNode; baseUrl: string; client(): TestClient; close(): Promise<void> }> {
  const second = await buildApp({
    config: server.node.ctx.config,
    store: server.store,
    logger: false,
    limits: server.node.ctx.limits,
  });
  await second.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = second.app.server.address() as AddressInfo;
  return {
    node: second,
    baseUrl: `http://127.0.0.1:${port}`,
    client: () => new TestClient(`http://127.0.0.1:${port}`),
    close: () => second.app.close(),
  };
}
