/**
 * How a REST route is registered and documented (docs/decisions/051-rest-on-trpc-to-openapi.md):
 * the routes come from the procedures' meta (procedure-routes.ts); here the path's parameters, the
 * query string (GET) or the JSON body (other methods) become the procedure's input, multipart
 * bodies are read as streams, and each route is mounted on Fastify with its answer's kind (JSON,
 * file, download). The same routes produce the OpenAPI document (`openapi.ts`), so docs cannot
 * drift from code.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import type {
  Access,
  CallerFor,
  DocumentedErrors,
  FileAnswer,
  HttpMethod,
  RestBinding,
} from '../operations/define';
import type { RateLimitGroup } from '../operations/rate-limits';
import type { Download } from '../lib/download';
import type { AuthorizedContext } from '../operations/run';
import type { MultipartBody } from '../drive/uploads';
import { sendDownload, sendFileAnswer } from './file-answer';

/** One `/api` route as registered and documented. */
export interface RestRoute {
  /** `domain.operation`, for log lines. */
  name: string;
  binding: RestBinding;
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  tag: string;
  description?: string;
  successStatus?: number;
  errors?: DocumentedErrors;
  rateLimit?: RateLimitGroup;
  /** The documented input, split as the caller sends it. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The documented answer: the operation's output, plus `token` when it opens a session. */
  response: z.ZodType;
  /** Runs one call: access, input, the operation and its answer's check. */
  run(request: FastifyRequest, reply: FastifyReply, contextFor: RestContextFactory): Promise<RestAnswer>;
}

/** What a call answered, and the token of a session it opened. */
export interface RestAnswer {
  answer: unknown;
  token: string | undefined;
}

/** Builds the request's call context for an authorized caller; sessions go into the answer. */
export type RestContextFactory = (
  request: FastifyRequest,
  reply: FastifyReply,
  delivery: 'answer',
  user: CallerFor<Access>,
) => AuthorizedContext & {
  issuedToken: string | undefined;
  /** The same context as a plain object, as tRPC's middlewares copy it (call-context.ts). */
  plain(): AuthorizedContext;
};

export function pathNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** Splits an input schema into the parts the caller sends (for the docs only). */
export function documentedInput(input: z.ZodType | undefined, binding: RestBinding) {
  if (!input || binding.rawBody || binding.multipart) return {};
  const names = pathNames(binding.path);
  const restKey = binding.method === 'GET' ? 'query' : 'body';
  if (names.length === 0) return { [restKey]: input };
  if (!(input instanceof z.ZodObject)) {
    throw new Error(`${binding.path}: an operation with path parameters needs an object input`);
  }
  const mask = Object.fromEntries(names.map((name) => [name, true as const])) as Record<string, true> &
    Record<number, never>;
  // Cross-field refinements stay on the schema that parses; the docs only need the fields.
  const fields = z.object(input.shape);
  const rest = fields.omit(mask);
  return {
    params: fields.pick(mask),
    ...(Object.keys(rest.shape).length > 0 ? { [restKey]: rest } : {}),
  };
}

export function describeLegacyNames(binding: RestBinding): string | undefined {
  const names = Object.entries(binding.legacyNames ?? {});
  if (names.length === 0) return binding.description;
  const list = names.map(([legacy, ours]) => `\`${legacy}\` → \`${ours}\``).join(', ');
  return [binding.description, `Nomes legados aceitos na entrada: ${list}.`].filter(Boolean).join('\n\n');
}

export function documentedResponse(
  output: z.ZodType,
  issuesSession: 'always' | 'sometimes' | undefined,
): z.ZodType {
  if (!issuesSession) return output;
  if (!(output instanceof z.ZodObject))
    throw new Error('an operation that opens a session answers an object');
  const token = z.string().describe('Token de sessão (Authorization: Bearer)');
  return output.extend({ token: issuesSession === 'always' ? token : token.optional() });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON body must be an object; path parameters win over query and body fields of the same name. */
export function inputOf(binding: RestBinding, request: FastifyRequest): unknown {
  if (binding.rawBody) return { headers: request.headers, rawBody: request.rawBody ?? '' };
  if (binding.multipart) return { ...(request.params as object), body: multipartBodyOf(request) };
  const sent = (binding.method === 'GET' ? request.query : request.body) ?? {};
  if (!isPlainObject(sent)) throw new AppError('BAD_REQUEST', MSG.invalidInput);
  const input: Record<string, unknown> = { ...sent, ...(request.params as Record<string, string>) };
  // Documented legacy names (docs/product/decisions.md §5) are accepted; ours win when both are sent.
  for (const [legacy, ours] of Object.entries(binding.legacyNames ?? {})) {
    if (input[ours] === undefined && input[legacy] !== undefined) input[ours] = input[legacy];
  }
  return input;
}

/** Busboy's own refusals past a count limit: too many parts is bad input, in Portuguese. */
const PART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * A multipart request as a service reads it (src/server/drive/uploads.ts): parts in order, the
 * file as @fastify/multipart's stream, with the limits the service names. Nothing is buffered.
 */
function multipartBodyOf(request: FastifyRequest): MultipartBody {
  const length = Number(request.headers['content-length']);
  return {
    isMultipart: request.isMultipart(),
    declaredLength: Number.isFinite(length) && length > 0 ? length : undefined,
    async *parts(limits) {
      const parts = request.parts({
        limits: {
          fileSize: limits.maxFileBytes,
          // One over: the service words "one file at a time" itself.
          files: limits.maxFiles + 1,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          parts: limits.maxFiles + limits.maxFields + 1,
        },
      });
      try {
        for await (const part of parts) {
          if (part.type === 'file') {
            yield { kind: 'file', field: part.fieldname, filename: part.filename, stream: part.file };
          } else {
            const value = typeof part.value === 'string' ? part.value : '';
            yield { kind: 'field', field: part.fieldname, value, truncated: part.valueTruncated };
          }
        }
      } catch (error) {
        if (PART_LIMIT_CODES.has((error as { code?: string }).code ?? '')) {
          throw new AppError('BAD_REQUEST', MSG.invalidInput, { cause: error });
        }
        throw error;
      }
    },
  };
}

export function registerRestRoutes(
  app: FastifyInstance,
  routes: readonly RestRoute[],
  contextFor: RestContextFactory,
) {
  // Multipart bodies are parsed only where an operation takes one: every other route keeps its
  // small JSON body limit and refuses multipart/form-data (415).
  const streamed = routes.filter((route) => route.binding.multipart);
  const plain = routes.filter((route) => !route.binding.multipart);
  register(app, plain, contextFor);
  if (streamed.length > 0) {
    void app.register(async (scope) => {
      await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
      register(scope, streamed, contextFor);
    });
  }
}

function register(app: FastifyInstance, routes: readonly RestRoute[], contextFor: RestContextFactory) {
  for (const route of routes) {
    const { binding } = route;
    const status = binding.successStatus ?? 200;
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      ...(binding.bodyLimit ? { bodyLimit: binding.bodyLimit } : {}),
      ...(binding.fastSerialize
        ? {
            schema: {
              response: { [status]: z.toJSONSchema(route.response, { io: 'output', target: 'draft-7' }) },
            },
          }
        : {}),
      handler: async (request, reply) => {
        const { answer, token } = await route.run(request, reply, contextFor);
        if (binding.fileAnswer) return sendFileAnswer(request, reply, answer as FileAnswer);
        if (binding.download) {
          return sendDownload(reply, status, binding.download.contentType, answer as Download);
        }
        reply.header('cache-control', 'no-store');
        reply.code(binding.statusOf ? binding.statusOf(answer) : status);
        return token === undefined ? answer : { ...(answer as object), token };
      },
    });
  }
}
