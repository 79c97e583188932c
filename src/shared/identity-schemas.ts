/**
 * Who is who (issue 21 §1, ADR 027): proven and claimed contacts. Messages of the approval, the
 * sign-in address change and the WhatsApp proof, once for the screens, the server and the tests.
 */
import './zod-config';

export const APPROVAL_MSG = {
  approvedNewAccount:
    'Cadastro aprovado! O link para definir a senha foi enviado ao email do cadastro; o WhatsApp recebeu só um aviso.',
  approvedExistingAccount:
    'Cadastro aprovado! Este email já tinha uma conta: ela foi avisada por email, sem link de acesso.',
  adminEmail:
    'Este cadastro não pode ser aprovado: o email dele é de um administrador do clube. Corrija o email do cadastro antes de aprovar.',
} as const;
