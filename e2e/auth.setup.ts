/**
 * Signs the shared test accounts in once on every worker's server and keeps their browser states
 * for the other tests.
 */
import { mkdirSync } from "node:fs";
import { test as setup } from "@playwright/test";
import { type AccountName, AUTH_DIR, serverPort, storageStatePath, WORKERS } from "./support/env.ts";
import { signIn } from "./support/signIn.ts";

const landings: [AccountName, string][] = [
  ["admin", "**/admin/dashboard"],
  ["mod", "**/admin/dashboard"],
  ["dev", "**/admin/dashboard"],
  ["player", "**/member/home"],
];

// Every sign-in is independent: the workers share them out instead of one doing all.
setup.describe.configure({ mode: "parallel" });

for (let index = 0; index < WORKERS; index++) {
  const port = serverPort(index);
  setup.describe(`server ${index}`, () => {
    setup.use({ baseURL: `http://127.0.0.1:${port}` });
    for (const [account, landing] of landings) {
      setup(`sign in ${account}`, async ({ page }) => {
        mkdirSync(AUTH_DIR, { recursive: true });
        await signIn(page, account, landing);
        await page.context().storageState({ path: storageStatePath(account, port) });
      });
    }
  });
}
