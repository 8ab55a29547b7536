/**
 * Attachments on local disk under DATA_DIR/uploads with random names. A file is streamed to disk
 * as it arrives (never held whole in memory), cut off at the size limit, then typed by its bytes;
 * a refused file is deleted before the answer goes out.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import { randomToken } from "../auth/tokens.ts";
import { AppError } from "../errors.ts";
import { type AllowedType, detectAllowedType, EXTENSIONS } from "./fileType.ts";

export interface SavedFile {
  /** Random stored name, also the last part of the download URL. */
  name: string;
  mime: AllowedType;
  size: number;
  originalName: string;
}

/** Files still arriving; one left behind by a crashed node is removed by the orphan sweep. */
export const INCOMING_PREFIX = ".incoming-";

/**
 * The name the uploader's system gave the file, kept only to label the download. Control
 * characters go (a NUL cannot be stored in PostgreSQL text, and none belongs in a name).
 */
export function displayName(filename: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = (filename ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "file").slice(0, 200);
}

/** Stored names look like this and nothing else, so a name from a URL can never escape the folder. */
export const STORED_NAME = /^[A-Za-z0-9_-]{22}\.(jpg|png|bmp|webp|svg|txt|mp4|pdf|docx)$/;

export class UploadStore {
  readonly dir: string;
  readonly maxBytes: number;

  constructor(dataDir: string, maxBytes: number) {
    this.dir = path.join(dataDir, "uploads");
    this.maxBytes = maxBytes;
  }

  pathOf(name: string): string {
    if (!STORED_NAME.test(name)) throw new AppError("not_found");
    return path.join(this.dir, name);
  }

  /**
   * Streams one file part to disk. `take(bytes)` is awaited before each chunk is written (the
   * upload budget); whatever it throws stops the file, which is then removed.
   */
  async save(part: MultipartFile, take: (bytes: number) => Promise<void> = async () => {}): Promise<SavedFile> {
    await mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `${INCOMING_PREFIX}${randomToken(12)}`);
    let size = 0;
    const sink = createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(
        part.file,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            await take(chunk.length);
            size += chunk.length;
            yield chunk;
          }
        },
        sink,
      );
    } catch (error) {
      // A sink destroyed while still opening creates its file afterwards: wait for it to close.
      if (!sink.closed) await once(sink, "close").catch(() => undefined);
      await rm(temp, { force: true });
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("file_size_exceeded");
      // A failure of our own disk (no space, no permission) has a syscall and stays a server
      // error; anything else broke in the request stream (a truncated or broken body).
      if (typeof error === "object" && error !== null && "syscall" in error) throw error;
      throw new AppError("malformed_body");
    }
    if (part.file.truncated || size > this.maxBytes) {
      await rm(temp, { force: true });
      throw new AppError("file_size_exceeded");
    }
    const mime = await detectAllowedType(temp);
    if (!mime) {
      await rm(temp, { force: true });
      throw new AppError("unacceptable_file_type");
    }
    const name = `${randomToken(16)}.${EXTENSIONS[mime]}`;
    await rename(temp, path.join(this.dir, name));
    return { name, mime, size, originalName: displayName(part.filename) };
  }

  /** Removes `.incoming-` files older than `before` (epoch ms): uploads cut off by a crash. */
  async removeStaleIncoming(beforeMs: number): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names.filter((n) => n.startsWith(INCOMING_PREFIX))) {
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (info && info.mtimeMs < beforeMs) {
        await rm(path.join(this.dir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.filter((n) => STORED_NAME.test(n)).map((n) => rm(path.join(this.dir, n), { force: true })));
  }
}
