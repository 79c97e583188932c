/**
 * The `/api` routes of the domains written as tRPC procedures (docs/decisions/051-rest-on-trpc-to-openapi.md):
 * every procedure whose `meta.openapi` names a path, found by trpc-to-openapi's own
 * `forEachOpenApiProcedure`, becomes one Fastify route that calls it through tRPC's
 * `createCaller`, so the procedure's policy (access, rate limit, step-up), input and output checks
 * run exactly as they do for the SPA. Fastify matches the exact path and decodes its parameters;
 * a failure leaves as the app's `{ error }` (http/errors.ts), the same body as every other route.
 */
import { TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import { forEachOpenApiProcedure, type OpenApiProcedureRecord } from 'trpc-to-openapi';
import { ZodError, type z } from 'zod';
import { AppError } from '../lib/errors';
import type { RestBinding } from '../operations/define';
import type { Meta } from '../operations/procedure';
import { authorize, type AuthorizedContext } from '../operations/run';
import { procedures, restOnlyProcedures } from '../operations/procedures';
import { createCallerFactory, createTRPCRouter } from '../trpc/init';
import { describeLegacyNames, documentedInput, documentedResponse, inputOf, type RestRoute } from './route';

/** The procedures external programs reach: the SPA's and the REST-only ones, by namespace. */
function restRouterOf(
  domains: Readonly<Record<string, Readonly<Record<string, AnyTRPCProcedure>>>>,
  restOnly: Readonly<Record<string, Readonly<Record<string, AnyTRPCProcedure>>>>,
) {
  const record: Record<string, ReturnType<typeof createTRPCRouter>> = {};
  for (const [domain, group] of Object.entries(domains)) {
    // A stream is no tRPC answer: files and uploads are reachable only as their documented path.
    for (const [name, procedure] of Object.entries(group)) {
      const meta = procedure._def.meta as Meta | undefined;
      if (meta?.multipart || meta?.fileAnswer || meta?.download) {
        throw new Error(`${domain}.${name}: a streamed body or answer is REST only`);
      }
    }
    record[domain] = createTRPCRouter({ ...group, ...restOnly[domain] });
  }
  // Domains only external programs call (provider webhooks).
  for (const [domain, group] of Object.entries(restOnly)) {
    if (!(domain in domains)) record[domain] = createTRPCRouter(group);
  }
  return createTRPCRouter(record);
}

type Call = (context: AuthorizedContext, input: unknown) => Promise<unknown>;

/** A procedure of the router by its dotted path, called the way `createCaller` calls it. */
function callerAt(createCaller: (context: AuthorizedContext) => unknown, path: string): Call {
  const keys = path.split('.');
  return (context, input) => {
    let target = createCaller(context) as Record<string, unknown>;
    for (const key of keys) target = target[key] as Record<string, unknown>;
    return (target as unknown as (input: unknown) => Promise<unknown>)(input);
  };
}

/**
 * The error the app's error handler words (http/errors.ts): a service's AppError, the input's
 * ZodError, or, for an internal failure, the failure itself (logged there, answered as a 500).
 */
export function restErrorOf(error: unknown): unknown {
  let current = error;
  while (current instanceof TRPCError) {
    const cause = current.cause;
    if (cause instanceof AppError || cause instanceof ZodError) return cause;
    if (cause === undefined) break;
    current = cause;
  }
  return current;
}

/** `{id}` (OpenAPI, trpc-to-openapi) → `:id` (Fastify, the rest of this folder). */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function procedureRoutesOf(router: { _def: { procedures: unknown } }): RestRoute[] {
  const createCaller = createCallerFactory(router as never) as unknown as (
    context: AuthorizedContext,
  ) => unknown;
  const routes: RestRoute[] = [];
  forEachOpenApiProcedure<Meta>(
    router._def.procedures as OpenApiProcedureRecord,
    ({ path: name, procedure, meta }) => {
      const { openapi, access = 'public' } = meta;
      const binding: RestBinding = {
        method: openapi.method,
        path: fastifyPath(openapi.path),
        summary: openapi.summary ?? '',
        tag: openapi.tags?.[0] ?? name.split('.')[0]!,
        description: openapi.description,
        successStatus: meta.successStatus,
        errors: openapi.errorResponses as RestBinding['errors'],
        fastSerialize: meta.fastSerialize,
        legacyNames: meta.legacyNames,
        rawBody: meta.rawBody,
        multipart: meta.multipart,
        fileAnswer: meta.fileAnswer,
        download: meta.download,
        bodyLimit: meta.bodyLimit,
        statusOf: meta.statusOf,
      };
      const input = procedure._def.inputs[0] as z.ZodType | undefined;
      const output = (procedure._def as { output?: z.ZodType }).output;
      if (!output) throw new Error(`${name}: a REST procedure declares its answer (.output)`);
      const call = callerAt(createCaller, name);
      routes.push({
        name,
        binding,
        method: binding.method,
        path: binding.path,
        access,
        summary: binding.summary,
        tag: binding.tag,
        description: describeLegacyNames(binding),
        successStatus: binding.successStatus,
        errors: binding.errors,
        rateLimit: meta.rateLimit,
        ...documentedInput(input, binding),
        response: documentedResponse(output, meta.issuesSession),
        async run(request, reply, contextFor) {
          // Access before the body is looked at, as for every route (the procedure checks it again).
          const user = authorize(access, request.auth);
          const sent = inputOf(binding, request);
          const context = contextFor(request, reply, 'answer', user);
          try {
            const answer = await call(context.plain(), input ? sent : undefined);
            return { answer, token: context.issuedToken };
          } catch (error) {
            throw restErrorOf(error);
          }
        },
      });
    },
  );
  return routes;
}

/** The `/api` routes of the procedure domains. */
export const procedureRoutes = procedureRoutesOf(restRouterOf(procedures, restOnlyProcedures));
