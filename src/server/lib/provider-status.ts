/**
 * What every message transport reports about itself (shown on the admin and /test-api panels), and
 * how a provider's error text is made fit for the database, the log or a panel (secrets removed by
 * src/server/lib/redact.ts, length capped).
 */
import { redactSecrets } from './redact';

export interface ProviderStatus<P extends string> {
  provider: P;
  /** True when the real provider is configured (otherwise messages go to the log). */
  configured: boolean;
  /** True when the provider answered the check (always true for the log). */
  ok: boolean;
  detail?: string;
}

/** Longest error text kept: provider messages can be long and the admin list shows them. */
const MAX_ERROR_LENGTH = 500;

/** A provider's text as it may be shown, stored or logged: secrets removed, length capped. */
export function providerText(text: string, secrets: (string | undefined)[]): string {
  const clean = redactSecrets(text, secrets);
  return clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH - 1)}…` : clean;
}

/** The message of anything thrown, for logs and `lastError`. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** An error as it may be stored in `lastError` or logged: its message, secrets removed, capped. */
export function storableError(error: unknown, secrets: (string | undefined)[] = []): string {
  return providerText(errorText(error), secrets);
}
