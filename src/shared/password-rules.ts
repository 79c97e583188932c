/** The minimum length of a new password (OWASP ASVS level 2: at least 8 characters). No zod here:
 * pages that only need the number (the lazy strength check) do not load the schemas with it. */
export const PASSWORD_MIN = 8;
