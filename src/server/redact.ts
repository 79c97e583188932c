/**
 * Masks secrets inside free text before it reaches a log line: query values named like secrets
 * (the set-password `token`, for one) in URLs and message bodies. The full text stays where people
 * with the right to see it read it (the outbox, visible to admins).
 */
const SECRET_QUERY = /([?&](?:token|password|senha|secret|cpf|document)=)[^&#\s]*/gi;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_QUERY, '$1[redacted]');
}
