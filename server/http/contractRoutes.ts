/**
 * Registers a route of the contract (common/contract/) by its name: method, path and schemas come
 * from there, and the route's access is checked in an onRequest hook, after the session is known
 * and before the body is read or validated. A caller who may not use a route is answered 401 or
 * 403 whatever they send, and learns nothing of the route's fields.
 *
 * A route that reads its body as a form (multipart, form-encoded or JSON: `options.form`) has it
 * read by uploads/multipart.ts with the contract's body schema instead of by Fastify; its handler
 * gets the parsed fields as request.body all the same, and the stored files in request.form.
 */
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Endpoint, isAudienceResponses, type RouteSchemas } from "../../common/contract/define.ts";
import { ENDPOINTS, type RouteName } from "../../common/contract/endpoints.ts";
import { SCHEMAS, type Schemas } from "../../common/contract/schemas.ts";
import type { AppContext } from "../context.ts";
import { requireAccess, requireIntegrationKey } from "../policies/access.ts";
import { type FormOptions, multipartForm } from "../uploads/multipart.ts";

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type Field<S, K extends string> = S extends { [key in K]: infer T extends z.ZodType } ? z.output<T> : undefined;

type AnswerOf<S extends RouteSchemas> = S["response"] extends {
  staff: infer A extends z.ZodType;
  player: infer B extends z.ZodType;
}
  ? z.input<A> | z.input<B>
  : S["response"] extends z.ZodType
    ? z.input<S["response"]>
    : never;

/** The request a route's handler gets: its body and query as its schemas give them. */
export type ContractRequest<N extends RouteName> = FastifyRequest<{
  Body: Field<Schemas[N], "body">;
  Querystring: Field<Schemas[N], "querystring">;
}>;

export type ContractHandler<N extends RouteName> = (
  request: ContractRequest<N>,
  reply: FastifyReply,
) => Promise<AnswerOf<Schemas[N]> | FastifyReply>;

/**
 * What a route adds to its contract: rate limits, pre-handlers, route config, a preValidation step
 * for a body the schema reads only once reshaped, and how it reads a form.
 */
export type RouteOptions = Pick<RouteShorthandOptions, "preHandler" | "preValidation" | "config" | "bodyLimit"> & {
  /** The body is a form, read after the access check by the one form reader (its files, checks and gate). */
  form?: Omit<FormOptions<z.ZodType>, "schema">;
};

function responseSchema(schemas: RouteSchemas): z.ZodType {
  const { response } = schemas;
  return isAudienceResponses(response) ? z.union([response.staff, response.player]) : response;
}

/** The Fastify schema of a route of the contract; a form's body is left to the form reader. */
export function fastifySchema(name: RouteName, options: { form?: boolean } = {}) {
  const schemas: RouteSchemas = SCHEMAS[name];
  return {
    ...(schemas.body && !options.form ? { body: schemas.body } : {}),
    ...(schemas.querystring ? { querystring: schemas.querystring } : {}),
    response: { 200: responseSchema(schemas) },
  };
}

export function route<N extends RouteName>(
  app: ZodApp,
  ctx: AppContext,
  name: N,
  options: RouteOptions,
  handler: ContractHandler<N>,
): void;
export function route<N extends RouteName>(app: ZodApp, ctx: AppContext, name: N, handler: ContractHandler<N>): void;
export function route<N extends RouteName>(
  app: ZodApp,
  ctx: AppContext,
  name: N,
  optionsOrHandler: RouteOptions | ContractHandler<N>,
  maybeHandler?: ContractHandler<N>,
): void {
  const endpoint: Endpoint = ENDPOINTS[name];
  const { form: formOptions, ...options } = typeof optionsOrHandler === "function" ? {} : optionsOrHandler;
  const handler = (typeof optionsOrHandler === "function" ? optionsOrHandler : maybeHandler) as ContractHandler<N>;
  const { access } = endpoint;
  const schemas: RouteSchemas = SCHEMAS[name];
  const form = formOptions && multipartForm(ctx, { ...formOptions, schema: schemas.body ?? z.object({}) });
  const readForm = async (request: FastifyRequest) => {
    await form?.preHandler(request);
    request.body = form?.read(request).body;
  };
  const preHandler = form ? [readForm, ...[options.preHandler ?? []].flat()] : options.preHandler;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: fastifySchema(name, { form: Boolean(form) }),
    ...options,
    preHandler,
    // The integration's bearer key stands for the session: no CSRF token goes with it.
    ...(access === "integration" ? { config: { ...options.config, csrf: false } } : {}),
    onRequest: async (request) => {
      if (access === "integration") requireIntegrationKey(ctx.config.integrationApiKey, request.headers.authorization);
      else await requireAccess(ctx.store.db, request.user, access);
    },
    handler: handler as never,
  });
}
