/**
 * What every message transport reports about itself (shown on the admin and /test-api panels), and
 * the one place that scrubs secrets out of provider error texts before they reach the database,
 * the log or a panel.
 */
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

/** Replaces every occurrence of the given secrets (tokens, passwords) and caps the length. */
export function redactSecrets(text: string, secrets: (string | undefined)[]): string {
  let clean = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 3) clean = clean.split(secret).join('[redacted]');
  }
  return clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH - 1)}…` : clean;
}

/** The message of anything thrown, for logs and `lastError`. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** An error as it may be stored in `lastError` or logged: its message, secrets removed, capped. */
export function storableError(error: unknown, secrets: (string | undefined)[] = []): string {
  return redactSecrets(errorText(error), secrets);
}
