/**
 * Starts one app node: configuration, database and migrations, first-start seed (and the demo
 * data with --demo), HTTP and realtime on one port, background sweeps, graceful shutdown.
 */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { writeSetting } from "./db/appSettings.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { walFrames } from "./db/walCheckpoints.ts";
import { startSweeps } from "./jobs/sweeps.ts";
import { seedBase } from "./seed/base.ts";
import { seedDemo } from "./seed/demo.ts";

/** Longest a graceful shutdown may wait for requests under way before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  const demo = process.argv.includes("--demo");
  const config = loadConfig();
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
  await seedBase(store, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, log });
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

  await app.listen({ port: config.port, host: config.host });
  const where = config.publicUrl ?? `http://localhost:${config.port}`;
  console.log(
    `Help desk ready at ${where} (${store.engine === "postgres" ? "PostgreSQL" : `SQLite in ${config.dataDir}`})`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
