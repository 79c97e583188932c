/**
 * Most calls one tRPC request may carry. The server refuses a larger batch (each call still counts
 * against its rate limit); the client's batch link splits its calls to stay within it.
 */
export const TRPC_MAX_BATCH = 10;
