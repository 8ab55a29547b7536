/**
 * The one way a route reads a form body (multipart, form-encoded or JSON): a preHandler that
 *
 * 1. runs the route's `admit` checks before a byte of the body is read (session, ban, limits),
 * 2. reserves the upload budget for the request's Content-Length, or chunk by chunk as it streams,
 * 3. runs the route's `gate` (checks that need some fields, such as the bot check) as soon as those
 *    fields have arrived; a file part that comes before them is refused unread, so no file is
 *    stored before the gate has run,
 * 4. streams at most `maxFiles` files of at most `maxFileSize` to the upload store, and parses the
 *    fields with the route's schema, leaving `{body, files}` on the request for `form.read(request)`.
 *
 * Whatever is refused afterwards, the files the request stored are removed in one place: the
 * onSend hook of `registerFormCleanup`, keyed on `request.storedFiles`.
 */
import type { Multipart, MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { LIMITS } from "../../common/constants.ts";
import type { ErrorCode } from "../../common/errors.ts";
import type { AppContext } from "../context.ts";
import { AppError, issue, parseOr422 } from "../errors.ts";
import { inputIssue } from "../http/inputGuard.ts";
import { UploadBudget } from "./budget.ts";
import { displayName, type SavedFile } from "./storage.ts";

export type FormFields = Record<string, string | string[]>;

declare module "fastify" {
  interface FastifyRequest {
    /** Files this request stored; removed again when the answer is a refusal. */
    storedFiles: SavedFile[] | null;
    /** Reservations given back when the answer is a refusal (a limit that counts successes). */
    onRefusal: (() => Promise<unknown>)[] | null;
    /** The parsed form, set by a form's preHandler. */
    form: { body: unknown; files: SavedFile[] } | null;
  }
}

const MAX_FIELD_CHARS = 20_000;

/** The schema of a form whose use case parses the fields itself (after its own first checks). */
export const rawFields = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export interface FormOptions<S extends z.ZodType> {
  schema: S;
  /** Files this form takes (0: none; a file part is refused with too_many_files). */
  maxFiles?: number;
  /**
   * A per-file limit below the upload store's, and the refusal of a file past it: the reader stops
   * writing at that size whether or not the client sent a Content-Length.
   */
  maxFileSize?: { bytes: number; refusal: ErrorCode };
  /** Checks that need no field, run before the body is read. */
  admit?: (request: FastifyRequest) => Promise<void> | void;
  /**
   * Checks that need `fields`: run once, as soon as all of them have arrived. The fields must come
   * before the first file part (a file part that comes first is refused with 422 unread); a form
   * without files has them checked when the body ends.
   */
  gate?: { fields: readonly string[]; check: (request: FastifyRequest, fields: FormFields) => Promise<void> };
}

export interface Form<S extends z.ZodType> {
  preHandler: (request: FastifyRequest) => Promise<void>;
  /** The typed body and stored files the preHandler left on the request. */
  read(request: FastifyRequest): { body: z.output<S>; files: SavedFile[] };
}

/**
 * A non-multipart body (JSON or form-encoded) as form fields, the way a multipart form would send
 * them: scalars as text, an array as repeated fields, an object (such as reply_to) as its JSON
 * text. The body's depth is bounded already (inputGuard, before this runs).
 */
function fieldsOf(body: unknown): FormFields {
  const fields: FormFields = {};
  if (body === undefined || body === null) return fields;
  if (typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("validation", [issue("The body must be an object of named fields.", "type_error")]);
  }
  const text = (value: unknown) =>
    typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) addField(fields, key, text(item));
    else addField(fields, key, text(value));
  }
  return fields;
}

function addField(fields: FormFields, name: string, value: string): void {
  // Object.hasOwn: a field called __proto__ or constructor is a field like any other.
  const existing = Object.hasOwn(fields, name) ? fields[name] : undefined;
  const next = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  Object.defineProperty(fields, name, { value: next, enumerable: true, writable: true, configurable: true });
}

/** Refusals that are about one file's own bytes (its size, its type), not the request's. */
const FILE_REFUSALS: readonly ErrorCode[] = ["file_size_exceeded", "unacceptable_file_type"];

/** Rethrows a file's refusal naming the file (its position among the request's files and its name). */
function namingFile(error: unknown, index: number, part: MultipartFile): never {
  if (error instanceof AppError && FILE_REFUSALS.includes(error.code)) {
    error.file = { index, name: displayName(part.filename) };
  }
  throw error;
}

/** What the multipart reader (busboy, @fastify/multipart) threw, as the client's error. */
function readerError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === "FST_FILES_LIMIT") return new AppError("too_many_files");
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("file_size_exceeded");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError("body_too_large");
  // No boundary, a bad boundary, a truncated body, a broken part header: the body is unreadable.
  return new AppError("malformed_body");
}

/** The 422 of a file part sent before the gate's fields: the gate must run before a file is stored. */
function fieldsFirst(missing: readonly string[]): AppError {
  return new AppError(
    "validation",
    missing.map((name) => ({
      loc: ["body", name],
      msg: `The field ${name} must be sent before the files.`,
      type: "fields_before_files",
    })),
  );
}

export function multipartForm<S extends z.ZodType>(ctx: AppContext, options: FormOptions<S>): Form<S> {
  const maxFiles = options.maxFiles ?? LIMITS.attachments;
  const gate = options.gate;
  // The form's own limit applies when it is the tighter one; else the store's file_size_exceeded.
  const formLimit =
    options.maxFileSize && options.maxFileSize.bytes <= ctx.uploads.maxBytes ? options.maxFileSize : undefined;
  const fileSize = formLimit?.bytes ?? ctx.uploads.maxBytes;

  /** A file's refusal as the client reads it: past the form's own limit, the form's refusal. */
  function fileRefusal(error: unknown, index: number, part: MultipartFile): never {
    if (formLimit && error instanceof AppError && error.code === "file_size_exceeded") {
      throw new AppError(formLimit.refusal);
    }
    return namingFile(error, index, part);
  }

  async function readParts(request: FastifyRequest, fields: FormFields, runGate: () => Promise<void>) {
    const files = request.storedFiles ?? [];
    const budget = new UploadBudget(ctx, request);
    let parts: AsyncIterableIterator<Multipart>;
    let current: Multipart | undefined;
    const length = Number(request.headers["content-length"]);
    // Reserve the whole body up front when its size is known: a body that cannot fit is refused
    // before a byte of it is read. Without a length, bytes are reserved as they stream.
    if (Number.isSafeInteger(length) && length > 0) await budget.reserve(length);
    try {
      parts = request.parts({
        limits: { fileSize, files: maxFiles + 1, fieldSize: MAX_FIELD_CHARS },
      });
    } catch (error) {
      await budget.settle();
      throw readerError(error);
    }
    try {
      for (;;) {
        let next: IteratorResult<Multipart>;
        try {
          next = await parts.next();
        } catch (error) {
          throw readerError(error);
        }
        if (next.done) break;
        const part = next.value;
        current = part;
        if (part.type === "file") {
          if (gate) {
            const missing = gate.fields.filter((f) => !Object.hasOwn(fields, f));
            if (missing.length) throw fieldsFirst(missing);
            await runGate();
          }
          if (files.length >= maxFiles) throw new AppError("too_many_files");
          const index = files.length;
          files.push(await ctx.uploads.save(part, budget.take).catch((error) => fileRefusal(error, index, part)));
        } else {
          addField(fields, part.fieldname, typeof part.value === "string" ? part.value : String(part.value));
        }
      }
    } catch (error) {
      if (current?.type === "file" && !current.file.destroyed) current.file.resume();
      await drain(parts);
      throw error;
    } finally {
      await budget.settle();
    }
  }

  return {
    async preHandler(request) {
      request.storedFiles = [];
      request.onRefusal = request.onRefusal ?? [];
      await options.admit?.(request);
      let fields: FormFields = {};
      let gateDone = false;
      const runGate = async () => {
        if (gateDone || !gate) return;
        gateDone = true;
        await gate.check(request, fields);
      };
      if (request.isMultipart()) await readParts(request, fields, runGate);
      else fields = fieldsOf(request.body);
      const issue = inputIssue(fields, "body");
      if (issue) throw new AppError("validation", [issue]);
      const body = parseOr422(options.schema, fields);
      await runGate();
      request.form = { body, files: request.storedFiles };
    },
    read(request) {
      if (!request.form) throw new Error("form.read() on a route without the form's preHandler");
      return request.form as { body: z.output<S>; files: SavedFile[] };
    },
  };
}

/**
 * Reads what is left of a refused body without storing it, so that the answer reaches a client
 * that is still sending (its connection is not cut mid-request).
 */
async function drain(parts: AsyncIterableIterator<Multipart>): Promise<void> {
  try {
    for await (const part of parts) if (part.type === "file") part.file.resume();
  } catch {
    // A broken body: nothing more to read.
  }
}

/** The one place where a refused request's stored files are removed and its reservations given back. */
export function registerFormCleanup(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("storedFiles", null);
  app.decorateRequest("onRefusal", null);
  app.decorateRequest("form", null);
  // onSend, not onResponse: the files are gone before the client reads the refusal.
  app.addHook("onSend", async (request, reply) => {
    if (reply.statusCode < 400) return;
    const files = request.storedFiles ?? [];
    const undos = request.onRefusal ?? [];
    request.storedFiles = [];
    request.onRefusal = [];
    if (files.length) await ctx.uploads.remove(files.map((f) => f.name));
    for (const undo of undos) {
      await undo().catch((error: unknown) => request.log.error({ err: error }, "giving back a reservation failed"));
    }
  });
}
