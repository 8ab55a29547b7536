/**
 * Attachments on local disk under DATA_DIR/uploads with random names. A file is streamed to disk
 * as it arrives (never held whole in memory), cut off at the size limit, then typed by its bytes;
 * a refused file is deleted before the answer goes out.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import { randomToken } from "../auth/tokens.ts";
import { AppError } from "../http/errors.ts";
import { type AllowedType, detectAllowedType, EXTENSIONS } from "./fileType.ts";

export interface SavedFile {
  /** Random stored name, also the last part of the download URL. */
  name: string;
  mime: AllowedType;
  size: number;
  originalName: string;
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

  async save(part: MultipartFile): Promise<SavedFile> {
    await mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `.incoming-${randomToken(12)}`);
    let size = 0;
    part.file.on("data", (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(part.file, createWriteStream(temp, { flags: "wx" }));
    } catch (error) {
      await rm(temp, { force: true });
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("file_size_exceeded");
      throw error;
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
    return { name, mime, size, originalName: (part.filename || "file").slice(0, 200) };
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.filter((n) => STORED_NAME.test(n)).map((n) => rm(path.join(this.dir, n), { force: true })));
  }
}
