/**
 * Changes a paid checkout proposed for a record it did not create (ADR 027): an anonymous
 * checkout never changes such a record; what it typed that differs waits for an admin, who applies
 * or discards each field. Shared by the back office's screen and the admin operations.
 */
import { z } from 'zod';
import './zod-config';
import { recordId } from './record-id';

/** The profile fields a checkout types, by their column names. */
export const PROPOSABLE_FIELDS = [
  'name',
  'phone',
  'cpf',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'zipCode',
] as const;
export type ProposableField = (typeof PROPOSABLE_FIELDS)[number];

export const PROPOSED_FIELD_LABELS: Record<ProposableField, string> = {
  name: 'Nome completo',
  phone: 'Telefone',
  cpf: 'CPF',
  street: 'Endereço',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  zipCode: 'CEP',
};

export const PROPOSED_CHANGES_MSG = {
  title: 'Alterações propostas no pagamento',
  intro:
    'Quem pagou digitou dados diferentes dos deste cadastro. O cadastro não foi alterado: aplique ou ' +
    'descarte cada alteração.',
  applied: 'Alteração aplicada ao cadastro.',
  discarded: 'Alteração descartada.',
  gone: 'Esta alteração proposta já foi aplicada ou descartada.',
  failed: 'Erro ao decidir a alteração proposta',
  fieldsRequired: 'Escolha ao menos um campo.',
  decisionInvalid: 'Escolha aplicar ou descartar.',
} as const;

export const proposedChangesView = z
  .object({
    paymentId: z.string(),
    createdAt: z.string(),
    fields: z.array(
      z.object({
        field: z.enum(PROPOSABLE_FIELDS),
        label: z.string(),
        current: z.string().nullable(),
        proposed: z.string(),
      }),
    ),
  })
  .nullable();
export type ProposedChangesView = z.infer<typeof proposedChangesView>;

export const decideProposedChangesInput = z.object({
  id: recordId,
  decision: z.enum(['apply', 'discard'], { error: PROPOSED_CHANGES_MSG.decisionInvalid }),
  fields: z
    .array(z.enum(PROPOSABLE_FIELDS, { error: PROPOSED_CHANGES_MSG.fieldsRequired }), {
      error: PROPOSED_CHANGES_MSG.fieldsRequired,
    })
    .min(1, PROPOSED_CHANGES_MSG.fieldsRequired)
    .max(PROPOSABLE_FIELDS.length),
});
export type DecideProposedChangesInput = z.infer<typeof decideProposedChangesInput>;
