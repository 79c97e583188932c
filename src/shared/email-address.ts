/**
 * E-mails are stored trimmed and in lower case, and every lookup by e-mail (accounts, subscribers,
 * the sign-in throttle, e-mail changes, the CSV import) compares that form, so `Ana@Exemplo.com `
 * and `ana@exemplo.com` are one person everywhere.
 */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}
