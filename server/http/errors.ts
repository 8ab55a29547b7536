/**
 * The one error handler that turns every failure into the wire shape `{detail, code}`: an
 * AppError (server/errors.ts) with its status, a validation failure as 422, Fastify's own client
 * errors by their code. A 500 is a bug: it is logged with its stack and answered without one.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { ERRORS, type ErrorCode, type ValidationIssue } from "../../common/errors.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { AppError, issue, validationIssues } from "../errors.ts";

/** The codes of Fastify's own client errors; any other 4xx of Fastify means an unreadable body. */
const FASTIFY_CODES: Partial<Record<number, ErrorCode>> = {
  404: "not_found",
  413: "body_too_large",
  415: "unsupported_media_type",
  422: "validation",
  429: "rate_limited",
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      const file = error.file ? { file: error.file.name, file_index: error.file.index } : {};
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ detail: error.detail, code: error.code, ...file });
    }
    if (error instanceof ZodError) {
      return reply.code(422).send({ detail: validationIssues(error), code: "validation" });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail: ValidationIssue[] = error.validation.map((v) => ({
        loc: [error.validationContext ?? "body", ...v.instancePath.split("/").filter(Boolean)],
        msg: v.message ?? "Invalid value",
        type: String((v.params.issue as { code?: string } | undefined)?.code ?? "invalid"),
      }));
      return reply.code(422).send({ detail, code: "validation" });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type…
      const code = FASTIFY_CODES[status] ?? "malformed_body";
      return reply.code(status).send({ detail: code === "validation" ? [issue(error.message)] : error.message, code });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, unreachable): the client may retry; nothing was written.
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ detail: ERRORS.database_unavailable.message, code: "database_unavailable" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ detail: ERRORS.internal.message, code: "internal" });
  });
}

/**
 * Fastify's router refuses some URLs before any route or hook runs (bad percent-encoding, a path
 * parameter past its maximum length). Its `frameworkErrors` option sends them here, so that they
 * get the one error shape too.
 */
export function frameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const code: ErrorCode = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "uri_too_long" : "bad_url";
  void reply.code(ERRORS[code].status).send({ detail: ERRORS[code].message, code });
}
