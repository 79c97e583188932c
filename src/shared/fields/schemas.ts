/**
 * The zod pieces of the shared fields (ADR 037): each rule once, each form's Portuguese words
 * passed in, since the product's forms word the same rule differently on purpose (the checkout's
 * "CPF deve ter 11 dígitos", the back office's "CPF deve ter exatamente 11 dígitos").
 */
import { z } from 'zod';
import { BRAZIL_STATES } from '../brazil';
import '../zod-config';
import {
  cpfDigits,
  cpfProblem,
  digitsOf,
  isCepDigits,
  phoneDigitsProblem,
  type PhoneMessages,
} from './rules';
import { FIELD_LIMITS } from './limits';

export { phoneMessage, type PhoneMessages } from './rules';

/** A required text: missing, not a string, or blank after trimming all give `required`. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A text of at most `max` characters once trimmed. */
const boundedText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** An optional text: missing is ''. */
export const optionalText = (max: number, tooLong: string) =>
  boundedText(max, tooLong)
    .optional()
    .transform((value) => value ?? '');

/** An optional text that may also come as null (REST callers of the wizard): missing or null is ''. */
export const nullishText = (max: number, tooLong: string) =>
  boundedText(max, tooLong)
    .nullish()
    .transform((value) => value ?? '');

/** An optional text stored as NULL when blank (the subscriber's columns). */
export const nullableText = (max: number, tooLong: string) =>
  boundedText(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** A full name. */
export const nameField = (msg: { required: string; tooLong: string }, max: number = FIELD_LIMITS.name) =>
  requiredText(msg.required, max, msg.tooLong);

/**
 * E-mail: required, at most 254 characters, well formed; lower-cased unless `keepCase` (the
 * contact form forwards the address as typed).
 */
export const emailField = (
  msg: { required: string; invalid: string },
  options: { keepCase?: boolean } = {},
) => {
  const trimmed = z.string({ error: msg.required }).trim();
  return (options.keepCase ? trimmed : trimmed.toLowerCase())
    .min(1, msg.required)
    .max(FIELD_LIMITS.email, msg.invalid)
    .pipe(z.email(msg.invalid));
};

/** Phone: required, stored as its digits (10 to 15: with or without +55, or international). */
export const phoneField = (msg: PhoneMessages) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(FIELD_LIMITS.phoneTyped, msg.tooLong)
    .transform(digitsOf)
    .superRefine((digits, ctx) => {
      const problem = phoneDigitsProblem(digits);
      if (problem === 'missing' || problem === 'tooShort')
        ctx.addIssue({ code: 'custom', message: msg.tooShort });
      else if (problem === 'tooLong') ctx.addIssue({ code: 'custom', message: msg.tooLong });
    });

export interface CpfMessages {
  length: string;
  invalid: string;
}

/** CPF: required, 11 digits with check digits right; stored as 11 digits. */
export const cpfField = (msg: CpfMessages & { required: string }) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(FIELD_LIMITS.cpfTyped, msg.length)
    .superRefine((value, ctx) => {
      const problem = cpfProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: msg[problem] });
    })
    .transform(cpfDigits);

/** CPF when it may be left out: blank is NULL, a filled one follows the rule. */
export const optionalCpfField = (msg: CpfMessages) =>
  z
    .string()
    .trim()
    .max(FIELD_LIMITS.cpfTyped, msg.length)
    .nullish()
    .superRefine((value, ctx) => {
      const problem = value ? cpfProblem(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: msg[problem] });
    })
    .transform((value) => (value ? cpfDigits(value) : null));

/** CEP: required, 8 digits (masked 00000-000 or plain); stored as 8 digits. */
export const cepField = (msg: { required: string; length: string }) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(FIELD_LIMITS.cepTyped, msg.length)
    .transform(digitsOf)
    .refine(isCepDigits, msg.length);

/** CEP when it may be left out: blank is NULL. */
export const optionalCepField = (msg: { length: string }) =>
  z
    .string()
    .trim()
    .max(FIELD_LIMITS.cepTyped, msg.length)
    .nullish()
    .transform((value) => (value ? digitsOf(value) : ''))
    .refine((digits) => digits === '' || isCepDigits(digits), msg.length)
    .transform((digits) => digits || null);

/** State: required, one of the 27 UFs. */
export const stateField = (msg: { required: string; invalid: string }) =>
  z
    .string({ error: msg.required })
    .trim()
    .toUpperCase()
    .min(1, msg.required)
    .refine((value) => (BRAZIL_STATES as readonly string[]).includes(value), msg.invalid);

/** State when it may be left out (records kept as imported): at most 2 letters, blank is NULL. */
export const optionalStateField = (msg: { tooLong: string }) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .max(FIELD_LIMITS.state, msg.tooLong)
    .nullish()
    .transform((value) => value || null);
