/** zod inputs of the account procedures, shared by tRPC, REST, the OpenAPI document and forms. */
import { z } from 'zod';
import { emailField, nameField } from './fields/schemas';
import { ROLES } from './roles';
import { MSG } from './messages';
import { PASSWORD_MIN } from './password-rules';
import './zod-config';
import { FIELD_LIMITS } from './fields/limits';

export { PASSWORD_MIN };

const email = emailField({ required: MSG.emailRequired, invalid: MSG.emailInvalid });

const password = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(200, MSG.passwordTooLong);

/**
 * The second step of a sign-in with two-factor on: the 6 digits of the authenticator app, or one of
 * the account's recovery codes (spaces and dashes are ignored). Empty counts as not sent.
 */
export const signInCode = z
  .string({ error: MSG.twoFactorCodeInvalid })
  .trim()
  .max(40, MSG.twoFactorCodeInvalid);

export const loginInput = z.object({
  email: z.string({ error: MSG.loginRequired }).trim().toLowerCase().min(1, MSG.loginRequired),
  password: z.string({ error: MSG.loginRequired }).min(1, MSG.loginRequired),
  /** Only for an account with two-factor sign-in on (admins who enabled it). */
  code: signInCode.optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  name: nameField({ required: MSG.nameRequired, tooLong: MSG.nameTooLong }),
  email,
  password,
  /** Honoured only when an admin makes the call (docs/product/decisions.md §2). */
  role: z.enum(ROLES).optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

export const setPasswordInput = z.object({
  token: z.string().min(1, MSG.setPasswordTokenInvalid).max(FIELD_LIMITS.linkToken),
  password,
  /** Asked of an account with two-factor sign-in on: the link alone does not open it. */
  code: signInCode.optional(),
});

export const verifyEmailInput = z.object({
  token: z
    .string()
    .min(1, MSG.verifyEmailTokenInvalid)
    .max(FIELD_LIMITS.linkToken, MSG.verifyEmailTokenInvalid),
});

export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof publicUser>;
