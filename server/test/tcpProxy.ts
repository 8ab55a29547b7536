/**
 * A TCP relay between a node and its PostgreSQL or Redis, for tests of a service that goes away and
 * comes back: `cut()` drops every open connection and refuses new ones (as a restarting server
 * does), `restore()` relays again. The real service behind it is never touched, so parallel suites
 * sharing it are not disturbed.
 */
import net from "node:net";

export class TcpProxy {
  readonly #server: net.Server;
  readonly #open = new Set<net.Socket>();
  #cut = false;

  private constructor(server: net.Server) {
    this.#server = server;
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined;
    const server = net.createServer((client) => proxy?.relay(client, target));
    proxy = new TcpProxy(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return proxy;
  }

  get port(): number {
    return (this.#server.address() as net.AddressInfo).port;
  }

  /** The service's URL with its host and port replaced by the relay's. */
  url(serviceUrl: string): string {
    const url = new URL(serviceUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  private relay(client: net.Socket, target: { host: string; port: number }): void {
    if (this.#cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
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

  restore(): void {
    this.#cut = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
