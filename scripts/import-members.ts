/**
 * Imports game accounts into the help desk: `npm run import-members -- <file.csv|file.json>
 * [--data-dir DIR]`. Each row goes through the same use case as POST /api/integration/upsert-member
 * (create or update by e-mail, replace the characters). A rejected row changes nothing and is
 * reported with its reason; the exit code is 1 when any row was rejected.
 *
 * CSV columns: email,name,language,password,characters, with characters written as
 * `Name:level:Server Title;Name2:level:Server`. JSON: a list of upsert-member bodies.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type UpsertMemberBody, upsertMemberBody } from "../common/schemas/integration.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { AppError, validationIssues } from "../server/errors.ts";
import { upsertMember } from "../server/usecases/upsertMember.ts";

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

/** `Name:level:Server Title;…`; the server title is everything after the second colon. */
function parseCharacters(text: string): unknown[] {
  return text
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = "", level = "", ...server] = part.split(":");
      return { characterName: name.trim(), characterLevel: level.trim() || 0, server: server.join(":").trim() };
    });
}

/** Rows as raw objects for the upsert schema, in file order. */
export function readRows(file: string): unknown[] {
  const text = readFileSync(file, "utf8");
  if (file.toLowerCase().endsWith(".json")) {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) throw new Error("a JSON file must hold a list of members");
    return value;
  }
  const [header = [], ...rows] = parseCsv(text);
  const columns = header.map((h) => h.trim().toLowerCase());
  return rows.map((cells) => {
    const raw: Record<string, string> = {};
    columns.forEach((column, i) => {
      raw[column] = (cells[i] ?? "").trim();
    });
    const row: Record<string, unknown> = { email: raw.email, name: raw.name };
    if (raw.language) row.language = raw.language;
    if (raw.password) row.password = raw.password;
    row.characters = raw.characters ? parseCharacters(raw.characters) : [];
    return row;
  });
}

function reason(error: unknown): string {
  if (error instanceof AppError) {
    const detail = error.detail;
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail)) return detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ");
    return detail.message;
  }
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dirAt = args.indexOf("--data-dir");
  const dataDir = dirAt >= 0 ? args[dirAt + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith("--") && (dirAt < 0 || i !== dirAt + 1));
  if (!file || (dirAt >= 0 && !dataDir)) {
    console.error("usage: npm run import-members -- <file.csv|file.json> [--data-dir DIR]");
    return 2;
  }
  // npm runs scripts in the project's folder; the paths typed are relative to the shell's own.
  const typedFrom = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig({ ...process.env, ...(dataDir ? { DATA_DIR: path.resolve(typedFrom, dataDir) } : {}) });
  const rows = readRows(path.resolve(typedFrom, file));
  const store = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    // A bulk import's statements take as long as the file is big.
    queryTimeoutMs: 0,
  });
  const counts = { created: 0, updated: 0, rejected: 0 };
  try {
    await migrateToLatest(store.db as never, store.engine);
    for (const [index, raw] of rows.entries()) {
      // Row numbers as a spreadsheet shows them: the CSV header is line 1.
      const line = file.toLowerCase().endsWith(".json") ? `item ${index + 1}` : `line ${index + 2}`;
      const parsed = upsertMemberBody.safeParse(raw);
      if (!parsed.success) {
        counts.rejected++;
        console.log(`rejected ${line}: ${reason(new AppError("validation", validationIssues(parsed.error)))}`);
        continue;
      }
      const input: UpsertMemberBody = parsed.data;
      try {
        // No sockets to close here: the sessions rows are deleted and the nodes notice on the next request.
        const result = await upsertMember({ db: store.db, endSessions: () => {} }, input);
        counts[result.created ? "created" : "updated"]++;
      } catch (error) {
        counts.rejected++;
        console.log(`rejected ${line} (${input.email}): ${reason(error)}`);
      }
    }
  } finally {
    await store.close();
  }
  console.log(`created ${counts.created}, updated ${counts.updated}, rejected ${counts.rejected}`);
  return counts.rejected ? 1 : 0;
}

// Run only as a script, so that tests may import the parsers.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(2);
    },
  );
}
