/**
 * Coded application errors: what a use case, policy or route throws when it refuses. The HTTP
 * layer (http/errors.ts) turns each into the wire shape `{detail, code}` with its status.
 */
import type { ZodError } from "zod";
import { type BanDetail, ERRORS, type ErrorCode, type ValidationIssue } from "../common/errors.ts";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | ValidationIssue[] | BanDetail;
  readonly headers: Record<string, string>;
  /**
   * The one file of a multipart request that the refusal is about: its position among the
   * request's files and its name as sent, so that a client can keep the others.
   */
  file: { index: number; name: string } | undefined;

  constructor(code: ErrorCode, detail?: string | ValidationIssue[] | BanDetail, headers: Record<string, string> = {}) {
    super(typeof detail === "string" ? detail : ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    const given = detail ?? ERRORS[code].message;
    // One shape for every 422: a list of {loc, msg, type}, even where a sentence was given.
    this.detail = this.status === 422 && typeof given === "string" ? [issue(given, code)] : given;
    this.headers = headers;
  }
}

/** A 422 about the body as a whole, in the one list shape every 422 has. */
export function issue(msg: string, type = "value_error", loc: (string | number)[] = ["body"]): ValidationIssue {
  return { loc, msg, type };
}

export function validationIssues(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: ["body", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

/** Parses input with a zod schema, answering 422 in the wire shape when it does not fit. */
export function parseOr422<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("validation", validationIssues(result.error));
  return result.data;
}
