/**
 * Client-side checks of the account forms. Name and e-mail are the server's own rules
 * (`registerInput`); the screen adds what only it has: the password confirmation and the terms
 * checkbox.
 */
import { z } from 'zod';
import { PASSWORD_MIN, registerInput } from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';
import { refineStrongPassword } from '../../lib/password-check';

const newPassword = z.string().min(PASSWORD_MIN, MSG.passwordTooShort);

/** Set-password; `code` is asked only of an account with two-factor sign-in on. */
export const setPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string(), code: z.string().optional() })
  .refine((form) => form.password === form.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  .superRefine((form, ctx) => refineStrongPassword(form.password, {}, ctx, 'password'));
export type SetPasswordForm = z.infer<typeof setPasswordForm>;

export const registerForm = z
  .object({
    name: registerInput.shape.name,
    email: registerInput.shape.email,
    password: newPassword,
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((accepted) => accepted, MSG.termsRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  .superRefine((form, ctx) => refineStrongPassword(form.password, form, ctx, 'password'));
export type RegisterFormInput = z.input<typeof registerForm>;
export type RegisterForm = z.output<typeof registerForm>;
