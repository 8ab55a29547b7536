/**
 * The connection banner (spec/1-product-frame.md §2, §4): it appears while the server is down and goes once the
 * socket reconnects. This test runs its own server so that it can stop and restart it.
 */
import { expect, test } from "@playwright/test";
import { RESTART_PORT } from "./support/env.ts";
import { freshDataDir, type RunningServer, removeDataDir, startServer } from "./support/server.ts";
import { liveSocket } from "./support/socket.ts";
import { openSignedIn } from "./support/staffApi.ts";

test.describe("connection banner", () => {
  // One worker, one server of its own: started once for the three tests, not once per worker.
  test.describe.configure({ mode: "default" });

  let dataDir = "";
  let server: RunningServer | null = null;

  test.beforeAll(async () => {
    dataDir = freshDataDir();
    server = await startServer(RESTART_PORT, dataDir);
  });

  test.afterAll(async () => {
    await server?.stop("SIGTERM");
    removeDataDir(dataDir);
  });

  test.use({ baseURL: `http://127.0.0.1:${RESTART_PORT}` });

  // The banner's body (Mantine's Alert) is in the overlay chunk, fetched at the page's first idle
  // moment from the server; a server that dies before that cannot serve it, and the banner must
  // still appear.
  for (const overlay of ["fetched", "never fetched"] as const) {
    test(`appears when the server stops and goes when it returns (overlay chunk ${overlay})`, async ({ page }) => {
      test.setTimeout(120_000);
      if (overlay === "never fetched") await page.route("**/assets/overlayKit-*.js", (route) => route.abort());
      // The page's clock runs as usual, and can be moved on at once.
      await page.clock.install();
      const live = liveSocket(page);
      await openSignedIn(page, "mod", "/admin/dashboard");
      const banner = page.getByTestId("connection-banner");
      // The socket's client loads at the page's first idle moment: wait until it has connected,
      // then move the clock past the 1 s check, which has then seen it.
      await live;
      await page.clock.fastForward(1500);
      await expect(banner).toHaveCount(0);

      await server?.stop("SIGKILL");
      await expect(banner).toBeVisible({ timeout: 15_000 });
      await expect(banner).toHaveText("Connection lost. Reconnecting…");

      server = await startServer(RESTART_PORT, dataDir);
      await expect(banner).toHaveCount(0, { timeout: 30_000 });
    });
  }

  test("says so when the socket's client could not be fetched, and goes live once it can be", async ({ page }) => {
    test.setTimeout(120_000);
    // socket.io-client is a chunk of its own (Vite names it after its esm build).
    const chunk = "**/assets/esm-*.js";
    await page.route(chunk, (route) => route.abort());
    await openSignedIn(page, "mod", "/admin/dashboard");
    const banner = page.getByTestId("connection-banner");
    await expect(banner).toHaveText("No connection", { timeout: 15_000 });
    // Fetched again every few seconds: the page goes live without a reload.
    const live = liveSocket(page);
    await page.unroute(chunk);
    await live;
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
  });
});
