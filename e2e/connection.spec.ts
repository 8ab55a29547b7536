/**
 * The connection banner (spec 1 §2, §4): it appears while the server is down and goes once the
 * socket reconnects. This test runs its own server so that it can stop and restart it.
 */
import { expect, test } from "@playwright/test";
import { RESTART_PORT } from "./support/env.ts";
import { freshDataDir, type RunningServer, removeDataDir, startServer } from "./support/server.ts";
import { signIn } from "./support/signIn.ts";

test.describe("connection banner", () => {
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

  test("appears when the server stops and goes when it returns", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, "mod", "**/admin/dashboard");
    const banner = page.getByTestId("connection-banner");
    // Give the 1 s check time to see the live socket.
    await page.waitForTimeout(1500);
    await expect(banner).toHaveCount(0);

    await server?.stop("SIGKILL");
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect(banner).toHaveText("Connection lost. Reconnecting…");

    server = await startServer(RESTART_PORT, dataDir);
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
  });
});
