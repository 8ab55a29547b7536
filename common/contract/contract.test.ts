/** The contract names every route once: one name, one method and path, schemas for each. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, sourceFiles } from "../../server/test/sourceFiles.ts";
import { ENDPOINT_AREAS, ENDPOINTS } from "./endpoints.ts";
import { SCHEMAS } from "./schemas.ts";

describe("the route contract", () => {
  it("has no name in two areas", () => {
    const names = ENDPOINT_AREAS.flatMap((area) => Object.keys(area));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names.length).toBe(Object.keys(ENDPOINTS).length);
  });

  it("has no method and path under two names", () => {
    const keys = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it("has schemas for exactly its endpoints", () => {
    expect(Object.keys(SCHEMAS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it("is the web app's only way to a route: no path of the API is written in web/src", () => {
    const files = sourceFiles("web/src", { tests: false });
    expect(files.length).toBeGreaterThan(100);
    const written = files.filter((file) => /["'`]\/(api|auth2?)\//.test(readFileSync(file, "utf8")));
    expect(written.map((file) => path.relative(REPO_ROOT, file))).toEqual([]);
  });
});
