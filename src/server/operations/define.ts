/**
 * One definition per operation (docs/decisions/011-operations.md). An operation names who may call
 * it, how often, what it takes and what it answers, and makes the one call into the services. The
 * tRPC router (src/server/trpc/router.ts) and the REST routes (src/server/rest/index.ts) are both
 * derived from these definitions; neither transport calls a service itself.
 */
import type { z } from 'zod';
import type { PublicUser } from '../../shared/auth-schemas';
import type { RequestAuth } from '../identity/request-auth';
import type { Services } from '../services';
import type { RateLimitGroup } from './rate-limits';

export type Access = 'public' | 'authenticated' | 'member' | 'admin';
export type OperationKind = 'query' | 'mutation';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The signed-in caller, with the session the call came with. */
export type SessionUser = PublicUser & { sessionId: string };
export type CallerFor<A extends Access> = A extends 'public' ? PublicUser | null : SessionUser;

/** A session an operation opened (login, registration, set-password). */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/**
 * What a transport hands an operation: the services, who is calling and from where, and the few
 * request facts some operations need. Built by `src/server/http/call-context.ts` for both transports.
 */
export interface CallContext {
  services: Services;
  auth: RequestAuth;
  ip: string;
  /** Opaque key of this visitor (cookie, else IP + browser) for "once per visitor per day" counts. */
  visitorKey(): string;
  /** Opens the session in the transport's way: a cookie for the browser, the token for REST. */
  issueSession(session: IssuedSession): void;
  /** Ends the transport's session (clears the browser's cookie). */
  endSession(): void;
}

export interface OperationContext<A extends Access> extends CallContext {
  user: CallerFor<A>;
}

/** Statuses a REST route documents besides the ones every route of its kind has. */
export type DocumentedErrors = Partial<
  Record<400 | 401 | 403 | 404 | 409 | 412 | 413 | 416 | 422 | 429 | 502, string>
>;

/** How an operation is also reachable as a documented `/api` path (docs/product/public-site-and-checkout.md §7, docs/product/back-office-and-member-area.md §7). */
export interface RestBinding<Output = unknown> {
  method: HttpMethod;
  /** Under `/api`, Fastify style (`/payments/status/:id`); path parameters are input fields. */
  path: string;
  summary: string;
  tag: string;
  description?: string;
  /** HTTP status of a successful answer (200 unless given). */
  successStatus?: number;
  errors?: DocumentedErrors;
  /**
   * Serialize the answer with fast-json-stringify from the output schema (hot polled routes).
   * Fields the schema does not list are dropped: the documented shape is the contract.
   */
  fastSerialize?: boolean;
  /**
   * Documented legacy input names (docs/product/decisions.md §5), legacy → ours: accepted on input (ours win when
   * both are sent) and listed in the route's OpenAPI description. Outputs carry both names.
   */
  legacyNames?: Readonly<Record<string, string>>;
  /** The input is `{ headers, rawBody }` (webhooks verify the exact bytes). */
  rawBody?: boolean;
  /**
   * The input is `{ body: MultipartBody }` (src/server/drive/uploads.ts): a multipart/form-data
   * request read part by part, the file as a stream, never buffered. REST only (`trpc: false`).
   */
  multipart?: boolean;
  /**
   * The answer is a `FileAnswer`: the transport streams the file (HTTP ranges, Content-Disposition,
   * nosniff) instead of answering JSON. REST only (`trpc: false`).
   */
  fileAnswer?: boolean;
  /** HTTP status of an answer that depends on it (health: 503 without its database). */
  statusOf?(output: Output): number;
  /**
   * The answer is a file, not JSON (CSV exports, ADR 015/016): `run` returns a `Download`
   * (operations/download.ts) whose body is streamed with this content type as an attachment.
   * Needs `trpc: false`.
   */
  download?: { contentType: string };
  /** Largest body this route accepts, in bytes, when it is larger than the app's (an import). */
  bodyLimit?: number;
}

type AnySchema = z.ZodType;
type InputOf<I> = I extends AnySchema ? z.output<I> : undefined;
type MaybePromise<T> = T | Promise<T>;

export interface Operation<
  K extends OperationKind = OperationKind,
  A extends Access = Access,
  I extends AnySchema | undefined = AnySchema | undefined,
  O extends AnySchema = AnySchema,
  T extends boolean = boolean,
> {
  kind: K;
  access: A;
  /** Counted per call (a batched tRPC request counts every call), per client IP. */
  rateLimit?: RateLimitGroup;
  input?: I;
  /** What the caller receives; the answer is parsed with it, so undeclared fields never leave. */
  output: O;
  /**
   * The call may open a session (`ctx.issueSession`): the browser gets it as a cookie, a REST caller
   * as `token` in the answer — always, or only in some cases (documented as optional).
   */
  issuesSession?: 'always' | 'sometimes';
  /**
   * A sensitive change: the caller must have confirmed their identity in the last few minutes
   * (services/step-up.ts); otherwise 403 with reason `step_up_required`.
   */
  stepUp?: boolean;
  /** Instead of `stepUp`, when only some calls are sensitive (an admin giving the admin role). */
  stepUpWhen?(ctx: OperationContext<A>, input: InputOf<I>): boolean;
  /** Reachable through tRPC (the SPA's transport). Default true; false for REST-only operations. */
  trpc?: T;
  rest?: RestBinding<z.output<O>>;
  run(ctx: OperationContext<A>, input: InputOf<I>): MaybePromise<z.input<O>>;
}

/** What an operation with `rest.fileAnswer` returns: a file on disk and how to present it. */
export interface FileAnswer {
  path: string;
  size: number;
  mime: string;
  /** The name the browser saves it under (already safe: no path, no control characters). */
  fileName: string;
  disposition: 'inline' | 'attachment';
}

/** Identity helper that infers the schema and access types for `run`. */
export function defineOperation<
  K extends OperationKind,
  A extends Access,
  O extends AnySchema,
  I extends AnySchema | undefined = undefined,
  T extends boolean = true,
>(operation: Operation<K, A, I, O, T>): Operation<K, A, I, O, T> {
  return operation;
}

/** Any operation, whatever its schemas and access (lists, the transports' derivation). */
export type AnyOperation = Operation<OperationKind, Access, AnySchema | undefined, AnySchema, boolean>;
export type OperationGroup = Readonly<Record<string, AnyOperation>>;
