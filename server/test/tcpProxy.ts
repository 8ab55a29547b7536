/**
 * A TCP relay between a node and its PostgreSQL or Redis, for tests of a service that goes away and
 * comes back: `cut()` drops every open connection and refuses new ones (as a restarting server
 * does), `restore()` relays again; or between a client and the app nodes, as a balancer, where
 * `moveTo()` sends the client to another node. The real service behind it is never touched, so parallel suites
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
  #target: Target;
  #cut = false;
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
    const upstream = net.connect(this.#target.port, this.#target.host);
    for (const socket of [client, upstream]) {
      this.#open.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        this.#open.delete(socket);
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
