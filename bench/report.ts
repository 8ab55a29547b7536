/**
 * `npm run bench:report`: runs the benchmarks and writes docs/benchmarks.md from scratch: their
 * figures, the machine they ran on, the date and the commit, and which benchmarks ran this time.
 * The page is regenerated, never appended to: edit this file, not the page.
 *
 *   npm run bench:report                        the quick set: every benchmark at a small size
 *                                               (minutes on a 2-core machine)
 *   npm run bench:report -- --full              the benchmarks' own sizes: a million tickets, ten
 *                                               million chat messages, ten minutes of soak (hours)
 *   npm run bench:report -- --only chat,soak    run only these; the others are taken from their
 *                                               last saved run, and the page says so and when
 *   npm run bench:report -- --no-run            run nothing: rewrite the page from the saved runs
 *   npm run bench:report -- --out <file>        write another file (default docs/benchmarks.md)
 *
 * Each run's output is saved in data/bench-results/<name>.json (git ignores data/). A benchmark
 * this machine cannot run (first-load without Chromium) is listed as not run, with the reason.
 * BENCH_DATABASE_URL is passed through: the benchmarks that take it run on PostgreSQL.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describeBudgets } from "./budgets.ts";

type Profile = "quick" | "full";

interface Step {
  /** The npm script. */
  script: string;
  /** Environment of the run, per profile; full is the benchmark's own defaults unless given. */
  quick: Record<string, string>;
  full?: Record<string, string>;
}

interface Bench {
  name: string;
  title: string;
  /** What it measures and how to read it: one paragraph of the page. */
  about: string;
  steps: Step[];
  /** Why it cannot run on this machine, if it cannot. */
  cannotRun?: () => string | undefined;
}

const SEARCH_QUICK = {
  BENCH_SEARCH_DIR: "data/bench-search-quick",
  BENCH_SEARCH_SCHEMA: "bench_search_quick",
  BENCH_SEARCH_TICKETS: "50000",
  BENCH_SEARCH_MESSAGES: "500000",
};

const BENCHES: Bench[] = [
  {
    name: "hot-path",
    title: "Hot paths: session check, socket handshake, one chat send",
    about:
      "`npm run bench`: the session look-up every page load does (pulse-check), authenticated socket handshakes, and a staff `send_message` stored, acknowledged and fanned out to 20 listeners, sent one after another. Server and clients share one process.",
    steps: [{ script: "bench", quick: {} }],
  },
  {
    name: "chat",
    title: "The chat under load, against a bare socket.io relay",
    about:
      "`npm run bench:chat`: signed-in members sit on their ticket chats; staff send at fixed offered rates. For each rate: messages delivered per second, latency from a staff emit to the member's `new_message` (p50/p95/p99), and the server's CPU time per delivered message, for the help desk and for a bare socket.io relay run alongside (the ratio is help desk / relay). The goal is 1,000 msg/s with 5,000 sockets at p99 within 15 ms; latencies on a shared machine say more about the machine than the code, CPU per message less so.",
    steps: [
      {
        script: "bench:chat",
        quick: { BENCH_CHAT_MEMBERS: "1000", BENCH_CHAT_RATES: "100,300,1000", BENCH_CHAT_SECONDS: "3" },
        full: { BENCH_CHAT_MEMBERS: "5000", BENCH_CHAT_RATES: "300,600,1000", BENCH_CHAT_SECONDS: "5" },
      },
    ],
  },
  {
    name: "chat-hold",
    title: "Held sockets: memory per signed-in socket",
    about:
      "`BENCH_CHAT_HOLD=N npm run bench:chat`: N signed-in members connect, join their chats and stay; the server's RSS before and with them. The goal is 20,000 sockets in 1 GB (a process's open-file limit may stop the full run short of 20,000).",
    steps: [{ script: "bench:chat", quick: { BENCH_CHAT_HOLD: "2000" }, full: { BENCH_CHAT_HOLD: "19900" } }],
  },
  {
    name: "soak",
    title: "Soak: the whole product under mixed load",
    about:
      "`npm run bench:soak`: one real node (`server/main.ts`, sweeps every second) while players sign in, file tickets with files, chat over HTTP and the socket and upload; staff search, answer, assign, resolve and read statistics; the game updates members. Per kind of request: count, 4xx by code, 5xx, p50/p95/p99; it fails on any 5xx. CI runs it for 60 s.",
    steps: [{ script: "bench:soak", quick: { BENCH_SOAK_SECONDS: "60" }, full: { BENCH_SOAK_SECONDS: "600" } }],
  },
  {
    name: "search",
    title: "Staff ticket search",
    about:
      "`npm run bench:search-data` builds a data set, then `npm run bench:search` times every filter: p50/p95 of the HTTP call as a signed-in employee next to the same SQL on the driver, the total, and whether a plan reads a whole index or table. The goal is p95 under 50 ms for every filter at 1,000,000 tickets and 10,000,000 chat messages (the full size); the quick size shows the shape, not the goal. `bench:search` applies missing migrations to the data set.",
    steps: [
      { script: "bench:search-data", quick: SEARCH_QUICK, full: {} },
      {
        script: "bench:search",
        quick: { ...SEARCH_QUICK, BENCH_SEARCH_RUNS: "20" },
        full: { BENCH_SEARCH_RUNS: "20" },
      },
    ],
  },
  {
    name: "stats",
    title: "Dashboard statistics",
    about:
      "`npm run bench:stats`: each statistic on a copy derived from the search data set (run after the search benchmark, same size): the first call with nothing stored, a new node's first call once periods are stored (cold), and p50/p95 of later calls (warm).",
    steps: [
      {
        script: "bench:stats",
        quick: {
          BENCH_SEARCH_DIR: SEARCH_QUICK.BENCH_SEARCH_DIR,
          BENCH_SEARCH_SCHEMA: SEARCH_QUICK.BENCH_SEARCH_SCHEMA,
          BENCH_STATS_DIR: "data/bench-stats-quick",
          BENCH_STATS_SCHEMA: "bench_stats_quick",
          BENCH_STATS_REBUILD: "1",
          BENCH_STATS_RUNS: "20",
        },
        full: { BENCH_STATS_RUNS: "20" },
      },
    ],
  },
  {
    name: "players",
    title: "Player search",
    about:
      "`npm run bench:players`: the staff player search on a generated data set (players with one to three characters on eight servers, every 25th banned): p50/p95 of the HTTP call per filter and whether a plan reads a whole table or index. Full size: 200,000 players.",
    steps: [
      {
        script: "bench:players",
        quick: { BENCH_PLAYERS: "20000", BENCH_PLAYERS_DIR: "data/bench-players-quick", BENCH_PLAYERS_RUNS: "20" },
        full: { BENCH_PLAYERS_RUNS: "20" },
      },
    ],
  },
  {
    name: "first-load",
    title: "First load of the web app",
    about: `\`npm run bench:first-load\`: a demo server and Chromium with an empty cache; JavaScript and CSS bytes over the wire for the first render of the landing page, sign-in, member home and admin dashboard, and until idle. Budgets of first-render JS (bench/budgets.ts): ${describeBudgets()} (kB = 1,000 bytes); a FAIL exits 1, and \`.ci/run\` runs it. The same run writes the README's figures.`,
    steps: [
      { script: "bench:first-load", quick: { BENCH_FIRST_LOAD_README: "1" }, full: { BENCH_FIRST_LOAD_README: "1" } },
    ],
    cannotRun: () => {
      const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
      return existsSync(chromium) ? undefined : `no Chromium at ${chromium} (set CHROMIUM_PATH)`;
    },
  },
];

interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  system: string;
  virtual: boolean;
  node: string;
}

interface Saved {
  name: string;
  profile: Profile;
  commands: string[];
  startedAt: string;
  seconds: number;
  exitCode: number;
  loadBefore: number[];
  loadAfter: number[];
  machine: Machine;
  commit: string;
  engine: string;
  output: string;
}

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "data", "bench-results");

function machine(): Machine {
  const cpus = os.cpus();
  let virtual = false;
  try {
    virtual = /^flags\s*:.*\bhypervisor\b/m.test(readFileSync("/proc/cpuinfo", "utf8"));
  } catch {
    // Not Linux: unknown, reported as not virtual.
  }
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    system: `${os.type()} ${os.release()} (${os.arch()})`,
    virtual,
    node: process.version,
  };
}

function commit(): string {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  if (head.status !== 0) return "unknown";
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? " with local changes" : ""}`;
}

const loads = () => os.loadavg().map((l) => Math.round(l * 10) / 10);

function envLine(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([k, v]) => `${k}=${v} `)
    .join("");
}

/** Runs one npm script with its environment, echoing its output live, and returns it. */
function runScript(script: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const take = (chunk: Buffer, to: NodeJS.WriteStream) => {
      output += chunk.toString();
      to.write(chunk);
    };
    child.stdout.on("data", (c: Buffer) => take(c, process.stdout));
    child.stderr.on("data", (c: Buffer) => take(c, process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runBench(bench: Bench, profile: Profile): Promise<Saved> {
  const started = new Date();
  const loadBefore = loads();
  const commands: string[] = [];
  let output = "";
  let exitCode = 0;
  for (const step of bench.steps) {
    const env = profile === "full" ? (step.full ?? {}) : step.quick;
    const command = `${envLine(env)}npm run ${step.script}`;
    commands.push(command);
    console.log(`\n=== ${bench.name}: ${command}`);
    const result = await runScript(step.script, env);
    output += result.output;
    if (result.code !== 0) {
      exitCode = result.code;
      break;
    }
  }
  return {
    name: bench.name,
    profile,
    commands,
    startedAt: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    exitCode,
    loadBefore,
    loadAfter: loads(),
    machine: machine(),
    commit: commit(),
    engine: process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite",
    output: stripVTControlCharacters(output),
  };
}

function readSaved(name: string): Saved | undefined {
  const file = path.join(RESULTS, `${name}.json`);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Saved;
  } catch {
    return undefined;
  }
}

/** A benchmark's output: its markdown tables as tables, everything else as preformatted text. */
function renderOutput(output: string): string {
  const lines = output
    .split("\n")
    .map((l) => l.trimEnd())
    // npm's own lines, should a script echo them.
    .filter((l) => !/^> /.test(l) && !/^npm (warn|notice)/i.test(l));
  // Runs of lines that start with "|"; a run is a table when its second line is a separator
  // (`|---|---|`), else it is text like any other (a framed notice).
  const runs: { table: boolean; lines: string[] }[] = [];
  for (const line of lines) {
    const pipe = line.startsWith("|");
    const last = runs.at(-1);
    if (last && (last.table === pipe || (!pipe && !last.table))) last.lines.push(line);
    else runs.push({ table: pipe, lines: [line] });
  }
  const isTable = (run: string[]) => run.length >= 2 && /^\|(\s*:?-{3,}:?\s*\|)+$/.test(run[1] ?? "");
  const merged: { table: boolean; lines: string[] }[] = [];
  for (const run of runs) {
    const table = run.table && isTable(run.lines);
    const last = merged.at(-1);
    if (last && !last.table && !table) last.lines.push(...run.lines);
    else merged.push({ table, lines: [...run.lines] });
  }
  const blocks: string[] = [];
  for (const run of merged) {
    if (run.table) {
      blocks.push(run.lines.join("\n"));
      continue;
    }
    const text = [...run.lines];
    while (text.length && text[0] === "") text.shift();
    while (text.length && text[text.length - 1] === "") text.pop();
    if (text.length) blocks.push(["```text", ...text, "```"].join("\n"));
  }
  return blocks.join("\n\n");
}

const sameMachine = (a: Machine, b: Machine) => a.cpu === b.cpu && a.cores === b.cores && a.system === b.system;

function describeMachine(m: Machine): string {
  return `${m.cpu}, ${m.cores} ${m.cores === 1 ? "core" : "cores"}${m.virtual ? " (a virtual machine)" : ""}, ${m.memoryGb} GB of memory; ${m.system}; Node ${m.node}`;
}

function page(
  results: Map<string, { saved?: Saved; ranNow: boolean; reason?: string }>,
  here: Machine,
  command: string,
): string {
  const now = new Date();
  const out: string[] = [];
  out.push("# Benchmarks");
  out.push("");
  out.push("<!-- Generated by `npm run bench:report` (bench/report.ts). Do not edit: run it again. -->");
  out.push("");
  out.push(
    `Generated on ${now.toISOString().slice(0, 16).replace("T", " ")} UTC by \`${command}\`, on ${describeMachine(here)}. Load average when the report was written: ${loads().join(", ")} (1, 5, 15 minutes). A shared machine's load shows in every latency below; compare figures of one run with each other, and the server's CPU time per message between runs.`,
  );
  out.push("");
  out.push(
    "Sizes: the quick set runs every benchmark at a small size, in minutes; `--full` runs the sizes the goals name (a million tickets, ten million chat messages, 5,000 sockets), which takes hours. Each section says which size and command produced it. Why the code is built as it is, and the goals, are in [decisions/](decisions/).",
  );
  out.push("");
  out.push("| benchmark | this report | size | run on | took | result |");
  out.push("|---|---|---|---|---|---|");
  for (const bench of BENCHES) {
    const r = results.get(bench.name);
    const s = r?.saved;
    const status = r?.ranNow ? "run now" : s ? "saved run" : "not run";
    const when = s ? s.startedAt.slice(0, 16).replace("T", " ") : "–";
    const took = s ? `${Math.round(s.seconds / 6) / 10} min` : "–";
    const result = s ? (s.exitCode === 0 ? "ok" : `exit code ${s.exitCode}`) : (r?.reason ?? "–");
    out.push(`| [${bench.title}](#${bench.name}) | ${status} | ${s?.profile ?? "–"} | ${when} | ${took} | ${result} |`);
  }
  for (const bench of BENCHES) {
    const r = results.get(bench.name);
    const s = r?.saved;
    out.push("");
    out.push(`<a id="${bench.name}"></a>`);
    out.push("");
    out.push(`## ${bench.title}`);
    out.push("");
    out.push(bench.about);
    out.push("");
    if (!s) {
      out.push(`Not run: ${r?.reason ?? "not selected"}.`);
      continue;
    }
    const where = sameMachine(s.machine, here) ? "this machine" : describeMachine(s.machine);
    out.push(
      `${r?.ranNow ? "Run for this report" : "From a saved run"}: ${s.startedAt.slice(0, 16).replace("T", " ")} UTC, ${s.profile} size, ${s.engine}, commit ${s.commit}, on ${where}; load average ${s.loadBefore[0]} before, ${s.loadAfter[0]} after; ${s.seconds} s${s.exitCode === 0 ? "" : `; **exit code ${s.exitCode}**`}.`,
    );
    out.push("");
    out.push(s.commands.map((c) => `\`${c}\``).join(", then "));
    out.push("");
    out.push(renderOutput(s.output));
  }
  out.push("");
  out.push(
    "Figures measured by hand before this page was generated (a million tickets on a quiet machine, the chat path session by session) are in the git history of the old decision record: `git show 42e1c72:docs/decisions.md`.",
  );
  out.push("");
  return out.join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const argument = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const profile: Profile = args.includes("--full") ? "full" : "quick";
  const noRun = args.includes("--no-run");
  const only = argument("--only")
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // npm runs scripts in the project's folder; a path typed by the user is read from where they typed it.
  const out = argument("--out");
  const outFile = out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), out)
    : path.join(ROOT, "docs", "benchmarks.md");
  const unknown = only?.filter((n) => !BENCHES.some((b) => b.name === n)) ?? [];
  if (unknown.length) {
    console.error(`unknown benchmark: ${unknown.join(", ")}; known: ${BENCHES.map((b) => b.name).join(", ")}`);
    process.exit(2);
  }

  mkdirSync(RESULTS, { recursive: true });
  const results = new Map<string, { saved?: Saved; ranNow: boolean; reason?: string }>();
  for (const bench of BENCHES) {
    const selected = !noRun && (only ? only.includes(bench.name) : true);
    const cannot = bench.cannotRun?.();
    if (selected && !cannot) {
      const saved = await runBench(bench, profile);
      writeFileSync(path.join(RESULTS, `${bench.name}.json`), `${JSON.stringify(saved, null, 2)}\n`);
      results.set(bench.name, { saved, ranNow: true });
    } else {
      const saved = readSaved(bench.name);
      const reason = cannot ?? (selected ? undefined : "not selected, and no saved run");
      results.set(bench.name, { ...(saved ? { saved } : {}), ranNow: false, ...(reason ? { reason } : {}) });
    }
  }
  const command = `npm run bench:report${args.length ? ` -- ${args.join(" ")}` : ""}`;
  writeFileSync(outFile, page(results, machine(), command));
  console.log(`\nwrote ${path.relative(process.cwd(), outFile)}`);
  const failed = [...results.values()].filter((r) => r.ranNow && r.saved && r.saved.exitCode !== 0);
  if (failed.length) {
    console.log(`failed: ${failed.map((r) => r.saved?.name).join(", ")}`);
    process.exitCode = 1;
  }
}

await main();
