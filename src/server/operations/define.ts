/**
 * The types every operation and transport shares: access levels, the caller, the call context,
 * and how a REST route carries a procedure (`RestBinding`, filled from the procedure's meta by
 * rest/procedure-routes.ts). Operations themselves are tRPC procedures (procedure.ts, ADR 051).
 */
import type { PublicUser } from '../../shared/auth-schemas';
import type { RequestAuth } from '../identity/request-auth';
import type { Services } from '../services';

export type Access = 'public' | 'authenticated' | 'member' | 'admin';
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

/** Statuses a REST route documents besides the ones every route of its kind has. */
export type DocumentedErrors = Partial<
  Record<400 | 401 | 403 | 404 | 409 | 412 | 413 | 416 | 422 | 429 | 502, string>
>;

/** How a procedure is reachable as a documented `/api` path (docs/product/public-site-and-checkout.md §7, docs/product/back-office-and-member-area.md §7). */
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
   * request read part by part, the file as a stream, never buffered. REST only.
   */
  multipart?: boolean;
  /**
   * The answer is a `FileAnswer`: the transport streams the file (HTTP ranges, Content-Disposition,
   * nosniff) instead of answering JSON. REST only.
   */
  fileAnswer?: boolean;
  /** HTTP status of an answer that depends on it (health: 503 without its database). */
  statusOf?(output: Output): number;
  /**
   * The answer is a file, not JSON (CSV exports, ADR 015/016): the procedure returns a `Download`
   * (lib/download.ts) whose body is streamed with this content type as an attachment. REST only.
   */
  download?: { contentType: string };
  /** Largest body this route accepts, in bytes, when it is larger than the app's (an import). */
  bodyLimit?: number;
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
