/**
 * A TCP relay between a node and its PostgreSQL or Redis, for tests of a service that goes away and
 * comes back: `cut()` drops every open connection and refuses new ones (as a restarting server
 * does), `blackhole()` keeps every connection open but carries nothing either way and answers no
 * new one (a network path that drops packets: no reset, no answer), `restore()` relays again; or
 * between a client and the app nodes, as a balancer, where `moveTo()` sends the client to another
 * node. The real service behind it is never touched, so parallel suites
 * sharing it are not disturbed.
 */
import net from "node:net";

interface Target {
  host: string;
  port: number;
}

export class TcpProxy {
  readonly #server: net.Server;
  readonly #open = new Set<net.Socket>();
  /** Relayed pairs, to stop and resume carrying their bytes. */
  readonly #pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  /** Connections accepted while blackholed: relayed on restore() if their client still waits. */
  readonly #held = new Set<net.Socket>();
  #target: Target;
  #cut = false;
  #blackholed = false;
  #stoppedPort: number | null = null;

  private constructor(server: net.Server, target: Target) {
    this.#server = server;
    this.#target = target;
  }

  static async start(target: Target): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined;
    const server = net.createServer((client) => proxy?.relay(client));
    proxy = new TcpProxy(server, target);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return proxy;
  }

  get port(): number {
    return this.#stoppedPort ?? (this.#server.address() as net.AddressInfo).port;
  }

  /** The service's URL with its host and port replaced by the relay's. */
  url(serviceUrl: string): string {
    const url = new URL(serviceUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  private relay(client: net.Socket): void {
    if (this.#cut) {
      client.destroy();
      return;
    }
    if (this.#blackholed) {
      // Accepted (the kernel would have), never answered until restore().
      client.pause();
      this.#held.add(client);
      client.on("error", () => {});
      client.on("close", () => this.#held.delete(client));
      return;
    }
    const upstream = net.connect(this.#target.port, this.#target.host);
    const pair = { client, upstream };
    this.#pairs.add(pair);
    for (const socket of [client, upstream]) {
      this.#open.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        this.#open.delete(socket);
        this.#pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  cut(): void {
    this.#cut = true;
    for (const socket of this.#open) socket.destroy();
    for (const socket of this.#held) socket.destroy();
  }

  /** Silence: open connections stay open and carry nothing; new ones are accepted and left waiting. */
  blackhole(): void {
    this.#blackholed = true;
    for (const { client, upstream } of this.#pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Like cut(), and the port stops listening: a new connection is refused (ECONNREFUSED). */
  async stop(): Promise<void> {
    const port = this.port;
    this.#stoppedPort = port;
    this.cut();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    this.#cut = false;
    if (this.#blackholed) {
      this.#blackholed = false;
      // What was sent meanwhile is delivered now, as TCP does once a path heals.
      for (const { client, upstream } of this.#pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
      for (const client of this.#held) {
        this.#held.delete(client);
        if (!client.destroyed) this.relay(client);
      }
    }
    const port = this.#stoppedPort;
    if (port === null) return;
    this.#stoppedPort = null;
    await new Promise<void>((resolve) => this.#server.listen(port, "127.0.0.1", resolve));
  }

  /** Drops the open connections and relays new ones elsewhere (a balancer moving a client to another node). */
  moveTo(target: Target): void {
    this.#target = target;
    for (const socket of this.#open) socket.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    if (this.#stoppedPort !== null) return;
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
