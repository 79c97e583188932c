/**
 * Client-side checks of the account forms. They reuse the server's messages and limits, and add
 * what only the screen has: the password confirmation and the terms checkbox.
 */
import { z } from 'zod';
import { PASSWORD_MIN } from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';

const newPassword = z.string().min(PASSWORD_MIN, MSG.passwordTooShort);

export const setPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof setPasswordForm>;

export const registerForm = z
  .object({
    name: z.string().trim().min(1, MSG.nameRequired).max(120),
    email: z.string().trim().toLowerCase().min(1, MSG.emailRequired).pipe(z.email(MSG.emailInvalid)),
    password: newPassword,
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((accepted) => accepted, MSG.termsRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.input<typeof registerForm>;
export type RegisterForm = z.output<typeof registerForm>;
