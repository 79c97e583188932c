/**
 * The one scrubber for free text that may reach a log line, the database or a panel: query values
 * named like secrets (the set-password `token`, for one) in URLs and message bodies, and every
 * occurrence of the secrets a caller knows about (API keys, passwords, tokens). The full text stays
 * where people with the right to see it read it (the outbox, visible to admins).
 */
const SECRET_QUERY = /([?&](?:token|password|senha|secret|cpf|document)=)[^&#\s]*/gi;

export function redactSecrets(text: string, secrets: (string | undefined)[] = []): string {
  let clean = text.replace(SECRET_QUERY, '$1[redacted]');
  // Shorter values would mask ordinary words; no real key or password is that short.
  for (const secret of secrets) {
    if (secret && secret.length >= 3) clean = clean.split(secret).join('[redacted]');
  }
  return clean;
}

/**
 * An error on its way to a log line. A failed Drizzle statement's message (and stack) ends with
 * its parameters: names, e-mails, CPFs of the row being written. The log keeps the statement and
 * the cause, never the values.
 */
export function withoutStatementValues(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}
