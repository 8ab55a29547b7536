/**
 * Reads a multipart request: text fields into an object, files streamed to the upload store.
 * At most `maxFiles` files (spec: 5); when anything is refused, every file of the request that
 * was already stored is removed again, so a failed call leaves nothing behind.
 */
import type { FastifyRequest } from "fastify";
import { LIMITS } from "../../common/constants.ts";
import { AppError } from "../http/errors.ts";
import type { SavedFile, UploadStore } from "./storage.ts";

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: SavedFile[];
}

const MAX_FIELD_CHARS = 20_000;

export async function readMultipart(
  request: FastifyRequest,
  store: UploadStore,
  maxFiles: number = LIMITS.attachments,
): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    // JSON and form bodies are accepted too (without files), as for every other call.
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        fields[key] = String(value);
      else if (Array.isArray(value)) fields[key] = value.map(String);
    }
    return { fields, files: [] };
  }
  const fields: Record<string, string | string[]> = {};
  const files: SavedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: store.maxBytes, files: maxFiles + 1, fieldSize: MAX_FIELD_CHARS },
    })) {
      if (part.type === "file") {
        if (files.length >= maxFiles) {
          part.file.resume();
          throw new AppError("too_many_files");
        }
        files.push(await store.save(part));
      } else {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        const existing = fields[part.fieldname];
        if (existing === undefined) fields[part.fieldname] = value;
        else fields[part.fieldname] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
    }
  } catch (error) {
    await store.remove(files.map((f) => f.name));
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new AppError("too_many_files");
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("file_size_exceeded");
    if (code?.startsWith("FST_")) throw new AppError("validation", (error as Error).message);
    throw error;
  }
  return { fields, files };
}
