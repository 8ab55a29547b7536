/**
 * The server-capacity status of this node (spec/3-staff-administration.md §2.1; docs/decisions/dashboard.md): free
 * space of the upload volume and of the SQLite database's volume, the database size, this node's
 * sockets and event-loop delay, each against its configured threshold.
 */
import { statfs } from "node:fs/promises";
import type { CapacityWarning, ServerStats } from "../../common/schemas/stats.ts";
import type { AppContext } from "../context.ts";
import { databaseSizeBytes } from "../db/dialect.ts";
import type { EventLoopDelay } from "../system/eventLoopDelay.ts";

interface Volume {
  free: number;
  total: number;
}

/** The volume holding `dir`, or the nearest folder that exists (uploads/ appears with the first file). */
async function volumeOf(dir: string, fallback: string): Promise<Volume> {
  const stats = await statfs(dir).catch(() => statfs(fallback));
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
}

const usedPercent = (v: Volume) => (v.total > 0 ? ((v.total - v.free) / v.total) * 100 : 0);

export async function readServerStatus(ctx: AppContext, loop: EventLoopDelay): Promise<ServerStats> {
  const limits = ctx.config.capacity;
  const { dataDir } = ctx.config;
  const uploads = await volumeOf(ctx.uploads.dir, dataDir);
  // A PostgreSQL server's disk is not visible from here; SQLite's file lives in DATA_DIR.
  const database = ctx.store.engine === "sqlite" ? await volumeOf(dataDir, dataDir) : null;
  const size = await databaseSizeBytes(ctx.store.db, ctx.store.engine);
  const sockets = ctx.realtime.connectedSockets();
  const delay = loop.p99Ms();

  const warnings: CapacityWarning[] = [];
  if (uploads.free < limits.minFreeDiskBytes) warnings.push("upload_disk_low");
  if (database && database.free < limits.minFreeDiskBytes) warnings.push("database_disk_low");
  if (limits.maxDatabaseBytes > 0 && size > limits.maxDatabaseBytes) warnings.push("database_large");
  if (sockets > limits.maxSockets) warnings.push("sockets_high");
  if (delay > limits.maxEventLoopDelayMs) warnings.push("event_loop_slow");

  const loads = [
    usedPercent(uploads),
    database ? usedPercent(database) : 0,
    limits.maxDatabaseBytes > 0 ? (size / limits.maxDatabaseBytes) * 100 : 0,
    (sockets / limits.maxSockets) * 100,
    (delay / limits.maxEventLoopDelayMs) * 100,
  ];
  return {
    show_warning: warnings.length > 0,
    capacity: Math.min(100, Math.max(0, Math.round(Math.max(...loads)))),
    warnings,
    upload_disk_free_bytes: uploads.free,
    upload_disk_total_bytes: uploads.total,
    database_disk_free_bytes: database ? database.free : null,
    database_size_bytes: size,
    sockets,
    event_loop_delay_ms: delay,
  };
}
