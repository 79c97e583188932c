/**
 * The REST adapter's one building block. A route names its access level and its zod schemas;
 * `registerRestRoutes` turns that into a Fastify route that parses input with the same schemas the
 * tRPC procedures use, checks the role with the same rule, and calls a service. The same
 * definitions produce the OpenAPI document (`openapi.ts`), so docs cannot drift from code.
 *
 * REST routes call services directly rather than through tRPC's `createCaller`: the bench showed
 * the caller costs most of a request's time (docs/decisions/003-rest-adapter.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PublicUser } from '../../shared/auth-schemas';
import { requireRole, requireUser, type RequestAuth } from '../auth/request-auth';
import type { RateLimitCheck, RateLimitGroup } from '../http/rate-limits';
import type { Services } from '../services';

export type Access = 'public' | 'authenticated' | 'member' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type AnySchema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type UserFor<A extends Access> = A extends 'public' ? PublicUser | null : PublicUser & { sessionId: string };

export interface RestHandlerArgs<A extends Access, B, Q, P> {
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  user: UserFor<A>;
  auth: RequestAuth;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RestRoute<
  A extends Access = Access,
  B extends AnySchema | undefined = AnySchema | undefined,
  Q extends AnySchema | undefined = AnySchema | undefined,
  P extends AnySchema | undefined = AnySchema | undefined,
> {
  method: HttpMethod;
  /** Path under `/api`, Fastify style (`/payments/status/:id`). */
  path: string;
  access: A;
  summary: string;
  tag: string;
  description?: string;
  body?: B;
  query?: Q;
  params?: P;
  /** The documented answer (for the OpenAPI document). */
  response?: AnySchema;
  /** HTTP status of a successful answer (200 unless given). */
  successStatus?: number;
  /**
   * Serialize the successful answer with fast-json-stringify from `response` (hot polled routes).
   * Fields the schema does not list are dropped: the documented shape is the contract.
   */
  fastSerialize?: boolean;
  /** Extra statuses the route documents, with their meaning. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502, string>>;
  /** Rate-limit group (per IP), shared with the tRPC procedures of the same group. */
  rateLimit?: RateLimitGroup;
  /** Raw body routes (webhooks) see the unparsed payload as a string in `body`. */
  handler(args: RestHandlerArgs<A, B, Q, P>): unknown;
}

/** Identity helper that infers the schema types for the handler. */
export function defineRoute<
  A extends Access,
  B extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
>(route: RestRoute<A, B, Q, P>): RestRoute<A, B, Q, P> {
  return route;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of routes of any schema types
export type AnyRestRoute = RestRoute<any, any, any, any>;

function authorise(access: Access, auth: RequestAuth) {
  switch (access) {
    case 'public':
      return auth.user;
    case 'authenticated':
      return requireUser(auth);
    case 'member':
      return requireRole(auth, 'user');
    case 'admin':
      return requireRole(auth, 'admin');
  }
}

export function registerRestRoutes(
  app: FastifyInstance,
  services: Services,
  routes: AnyRestRoute[],
  checkRateLimit: RateLimitCheck,
) {
  for (const anyRoute of routes) {
    // The list holds routes of many schema types; registration only needs their erased shape.
    const route = anyRoute as RestRoute<
      Access,
      AnySchema | undefined,
      AnySchema | undefined,
      AnySchema | undefined
    >;
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      ...(route.fastSerialize && route.response
        ? {
            schema: {
              response: {
                [route.successStatus ?? 200]: z.toJSONSchema(route.response, {
                  io: 'output',
                  target: 'draft-7',
                }),
              },
            },
          }
        : {}),
      handler: async (request, reply) => {
        if (route.rateLimit && !(await checkRateLimit(route.rateLimit, request, reply))) return reply;
        const user = authorise(route.access, request.auth);
        // zod parse errors are turned into `400 { error }` by the app's error handler.
        const body = route.body ? route.body.parse(request.body ?? {}) : undefined;
        const query = route.query ? route.query.parse(request.query ?? {}) : undefined;
        const params = route.params ? route.params.parse(request.params ?? {}) : undefined;
        const result = await route.handler({
          body,
          query,
          params,
          user,
          auth: request.auth,
          services,
          request,
          reply,
        });
        if (reply.sent) return reply;
        reply.header('cache-control', 'no-store');
        if (route.successStatus) reply.code(route.successStatus);
        return result ?? { success: true };
      },
    });
  }
}
