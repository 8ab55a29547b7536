/**
 * The app shell in index.html: drawn before the bundle loads, inside #root so that
 * React's first render replaces it, in the product's name, light and dark, right-to-left safe,
 * and with no request leaving the page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCT_NAME, STORAGE_KEYS } from "../common/constants.ts";

const html = readFileSync(path.join(import.meta.dirname, "index.html"), "utf8");
const script = readFileSync(path.join(import.meta.dirname, "public", "app-shell.js"), "utf8");
const style = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";

describe("app shell", () => {
  it("sits inside #root with a header bar, the product name and a spinner", () => {
    const root = html.match(/<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/)?.[1] ?? "";
    expect(root).toContain('class="app-shell"');
    expect(root).toContain('class="app-shell-header"');
    expect(root).toContain(`<span class="app-shell-name">${PRODUCT_NAME}</span>`);
    expect(root).toContain('class="app-shell-spinner"');
  });

  it("has a dark look for the system preference and for a stored choice", () => {
    expect(style).toMatch(/@media \(prefers-color-scheme: dark\)/);
    expect(style).toContain('html[data-shell-scheme="dark"] .app-shell');
    expect(script).toContain(`"${STORAGE_KEYS.theme}"`);
    expect(script).toContain(`"${STORAGE_KEYS.anonymousLanguage}"`);
  });

  it("uses logical properties only, so it lays out right to left as well", () => {
    expect(style).not.toMatch(/(margin|padding|border)-(left|right)\b|\b(left|right)\s*:|text-align:\s*(left|right)/);
  });

  it("makes no request to another origin", () => {
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(style).not.toMatch(/url\(/);
  });
});
