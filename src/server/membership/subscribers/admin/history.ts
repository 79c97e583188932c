/** A record's history as the back office shows it: labelled, with the actor's name. */
import { PROPOSED_FIELD_LABELS, type ProposableField } from '../../../../shared/proposed-changes';
import type { SubscriberActivityEntry } from '../../../../shared/subscriber-schemas';
import { users } from '../../../db/schema';
import { namesById } from '../../../lib/names-by-id';
import { LIFECYCLE_EVENT_TEXT, LIFECYCLE_EVENTS, type LifecycleEvent } from '../lifecycle';
import { load, type SubscriberAdminDeps } from './deps';

const OTHER_ACTIVITY_LABELS: Record<string, string> = {
  created: 'Cadastro criado',
  edited: 'Dados editados',
  payment_refunded: 'Pagamento reembolsado',
  messaged: 'Mensagem enviada',
  profile_completed: 'Dados atualizados pelo assinante (Atualização de Dados)',
  deletion_requested: 'Exclusão de dados solicitada (LGPD)',
  // Proven contacts (ADR 027).
  email_change_requested: 'Troca de email pedida (aguardando confirmação pelo novo endereço)',
  email_changed: 'Email trocado (confirmado pelo novo endereço)',
  // A paid checkout never changes a record it did not create (ADR 027).
  changes_proposed: 'Alterações propostas no pagamento (aguardando o clube)',
  proposed_change_applied: 'Alteração proposta no pagamento aplicada',
  proposed_change_discarded: 'Alteração proposta no pagamento descartada',
  // Commissions (ADR 046).
  payout_pix_key_changed: 'Chave PIX para comissões alterada pelo assinante',
  payout_pix_key_removed: 'Chave PIX para comissões removida pelo assinante',
  commissions_paid: 'Comissões de indicação pagas em lote',
};

/** Lines that name the fields they are about. */
const FIELD_EVENTS = new Set(['changes_proposed', 'proposed_change_applied', 'proposed_change_discarded']);

/** The fields a proposal's line is about, by their labels ("Telefone, CPF"). */
function fieldsOf(details: Record<string, unknown> | null): string {
  const fields = details?.fields;
  if (!Array.isArray(fields)) return '';
  const labels = fields.map((field) => PROPOSED_FIELD_LABELS[field as ProposableField] ?? String(field));
  return labels.length > 0 ? `: ${labels.join(', ')}` : '';
}

function activityLabel(event: string, details: Record<string, unknown> | null): string {
  if ((LIFECYCLE_EVENTS as readonly string[]).includes(event)) {
    return LIFECYCLE_EVENT_TEXT[event as LifecycleEvent].label;
  }
  const label = OTHER_ACTIVITY_LABELS[event] ?? event;
  return FIELD_EVENTS.has(event) ? `${label}${fieldsOf(details)}` : label;
}

/** The subscriber's history, oldest first, with the actor's name (view mode). */
export function history(deps: SubscriberAdminDeps, id: string): SubscriberActivityEntry[] {
  load(deps, id);
  const entries = deps.lifecycle.history(id);
  const names = namesById(
    deps.db,
    users,
    entries.map((entry) => entry.actorId),
  );
  return entries.map((entry) => ({
    id: entry.id,
    event: entry.event,
    label: activityLabel(entry.event, entry.details ?? null),
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    actorKind: entry.actorKind,
    actorName: entry.actorId ? (names.get(entry.actorId) ?? null) : null,
    reason: entry.reason,
    details: entry.details ?? null,
    createdAt: entry.createdAt.toISOString(),
  }));
}
