/**
 * The contact form's limits and texts, without zod, so the browser's contact page can use them
 * without shipping the schema library (the schema itself is in contact.ts).
 */
import { FIELD_LIMITS } from './fields/limits';

export const CONTACT_LIMITS = {
  name: FIELD_LIMITS.name,
  email: FIELD_LIMITS.email,
  subject: 200,
  message: 5000,
} as const;

export const CONTACT_MSG = {
  subjectRequired: 'Assunto é obrigatório',
  messageRequired: 'Mensagem é obrigatória',
  nameTooLong: `Nome muito longo (máximo ${CONTACT_LIMITS.name} caracteres)`,
  subjectTooLong: `Assunto muito longo (máximo ${CONTACT_LIMITS.subject} caracteres)`,
  messageTooLong: `Mensagem muito longa (máximo ${CONTACT_LIMITS.message} caracteres)`,
  /** Shown by the contact page when sending fails (docs/product/public-site-and-checkout.md §8). */
  sendFailed: 'Erro ao enviar mensagem. Tente novamente ou entre em contato diretamente via WhatsApp.',
  sent: 'Mensagem Enviada!',
} as const;
