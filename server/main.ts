/**
 * Starts one app node: configuration, database and migrations, first-start seed (and the demo
 * data with --demo), HTTP and realtime on one port, background sweeps, graceful shutdown.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { writeSetting } from "./db/appSettings.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { walFrames } from "./db/walCheckpoints.ts";
import { startSweeps } from "./jobs/sweeps.ts";
import { seedBase } from "./seed/base.ts";
import { seedDemo } from "./seed/demo.ts";
import { DEMO_DATA_DIR, DEMO_IN_PRODUCTION, demoEnvironment, demoRefusal } from "./seed/demoGuard.ts";
import { firstAdminNotice, listenErrorLine, StartError } from "./startNotices.ts";

/** How long the notice after listen() waits for the log lines written before it. */
const LOG_SETTLE_MS = 50;
/** Longest a graceful shutdown may wait for requests under way before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  const demo = process.argv.includes("--demo");
  // The demo's accounts share a published password: they get a data folder of their own.
  const config = loadConfig(demo ? demoEnvironment(process.env) : process.env);
  if (demo && config.env === "production") throw new StartError(DEMO_IN_PRODUCTION);
  const store = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    preparedStatements: config.databasePreparedStatements,
    walCheckpoints: { restartFrames: walFrames(config.sqliteWalMaxMb) },
    onConnectionError: (error) => console.warn(`database connection lost (the pool reconnects): ${error.message}`),
  });
  // An index built over a large database takes as long as it takes.
  await store.withoutQueryTimeout(() => migrateToLatest(store.db as never, store.engine));
  const log = (line: string) => console.log(line);
  if (demo) {
    const refusal = await demoRefusal(
      store.db,
      store.engine === "postgres" ? "the PostgreSQL database of DATABASE_URL" : `the database in ${config.dataDir}`,
    );
    if (refusal) {
      await store.close();
      throw new StartError(refusal);
    }
  }
  const { firstAdmin } = await seedBase(store, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    log,
  });
  if (config.memberActiveTicketCap !== undefined) {
    await writeSetting(store.db, "member_active_ticket_cap", String(config.memberActiveTicketCap));
  }
  if (demo) await seedDemo(store, { password: process.env.DEMO_PASSWORD ?? "Demo-Password-1!", log });

  const { app, ctx, drain } = await buildApp({ config, store });
  const stopSweeps = startSweeps(ctx, app.log);
  let closing = false;
  // A rolling restart loses nothing: /readyz turns 503 at once, no new connection is taken,
  // requests under way finish, and the sockets are closed so that their clients reconnect (to
  // another node behind the balancer) and recover what they missed (app.ts, preClose).
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    drain();
    const stuck = setTimeout(() => {
      app.log.error({ signal }, `shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    stuck.unref();
    await stopSweeps();
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const where = config.publicUrl ?? `http://localhost:${config.port}`;
  // The first admin's password exists nowhere else: it is shown last, where the request log does
  // not bury it, and also when the node cannot listen, since the admin is created by then.
  // The admin command reads DATA_DIR as the server does, not the demo's own default.
  const adminCommand = `${demo && !process.env.DATA_DIR ? `DATA_DIR=${DEMO_DATA_DIR} ` : ""}npm run admin --`;
  const showFirstAdmin = () => {
    if (firstAdmin) console.log(`\n${firstAdminNotice(firstAdmin, where, adminCommand)}\n`);
  };
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const line = listenErrorLine(error, config);
    if (line === undefined) throw error;
    showFirstAdmin();
    throw new StartError(line);
  }
  // The request log writes in the background (pino's asynchronous destination, whose flush does
  // not wait for a write under way): the addresses listen() logged are out well within this.
  await sleep(LOG_SETTLE_MS);
  console.log(
    `Help desk ready at ${where} (${store.engine === "postgres" ? "PostgreSQL" : `SQLite in ${config.dataDir}`})`,
  );
  showFirstAdmin();
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof StartError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
