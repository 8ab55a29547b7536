/** Signs the shared test accounts in once and keeps their browser states for the other tests. */
import { mkdirSync } from "node:fs";
import { test as setup } from "@playwright/test";
import { type AccountName, AUTH_DIR, storageStatePath } from "./support/env.ts";
import { signIn } from "./support/signIn.ts";

const landings: [AccountName, string][] = [
  ["admin", "**/admin/dashboard"],
  ["mod", "**/admin/dashboard"],
  ["dev", "**/admin/dashboard"],
  ["player", "**/member/home"],
];

for (const [account, landing] of landings) {
  setup(`sign in ${account}`, async ({ page }) => {
    mkdirSync(AUTH_DIR, { recursive: true });
    await signIn(page, account, landing);
    await page.context().storageState({ path: storageStatePath(account) });
  });
}
