/**
 * "Alterações propostas no pagamento" (ADR 027): what a paid anonymous checkout typed that
 * differs from a record it may not change, each field with the record's value and the proposed
 * one, applied or discarded by the admin (one field or all). Applied ones go to the history.
 */
import { toast } from 'sonner';
import {
  PROPOSED_CHANGES_MSG,
  type ProposableField,
  type ProposedChangesView,
} from '../../../../shared/proposed-changes';
import { formatDateTime } from '../../../../shared/format';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Button, type ButtonVariant } from '../../ui/Button';
import { formatCep, formatCpf, formatPhone } from './subscriber-form-values';

function shown(field: ProposableField, value: string | null): string {
  if (!value) return '(vazio)';
  if (field === 'phone') return formatPhone(value);
  if (field === 'cpf') return formatCpf(value);
  if (field === 'zipCode') return formatCep(value);
  return value;
}

type Decision = 'apply' | 'discard';

/** The two buttons of each proposed field, in their order. */
const FIELD_DECISIONS = [
  { decision: 'apply', label: 'Aplicar', variant: 'secondary' },
  { decision: 'discard', label: 'Descartar', variant: 'ghost' },
] as const satisfies readonly { decision: Decision; label: string; variant: ButtonVariant }[];

export function ProposedChanges({ id }: { id: string }) {
  const proposal = trpc.subscribers.proposedChanges.useQuery({ id });
  const decide = trpc.subscribers.decideProposedChanges.useMutation();
  const utils = trpc.useUtils();
  if (!proposal.data) return null;
  const { fields, createdAt } = proposal.data satisfies NonNullable<ProposedChangesView>;

  function run(decision: Decision, chosen: ProposableField[]) {
    decide.mutate(
      { id, decision, fields: chosen },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          utils.subscribers.proposedChanges.setData({ id }, answer.proposal);
          void utils.subscribers.get.invalidate({ id });
          void utils.subscribers.history.invalidate({ id });
          void utils.subscribers.list.invalidate();
        },
        onError: (error) => {
          const reason = errorText(error, PROPOSED_CHANGES_MSG.failed);
          toast.error(
            PROPOSED_CHANGES_MSG.failed,
            reason === PROPOSED_CHANGES_MSG.failed ? undefined : { description: reason },
          );
          void utils.subscribers.proposedChanges.invalidate({ id });
        },
      },
    );
  }

  const all = fields.map((item) => item.field);
  return (
    <section
      className="sub-action sub-proposal"
      aria-labelledby="proposal-title"
      data-testid="proposed-changes"
    >
      <h3 id="proposal-title">{PROPOSED_CHANGES_MSG.title}</h3>
      <p>
        {PROPOSED_CHANGES_MSG.intro} Pagamento de {formatDateTime(createdAt)}.
      </p>
      <ul className="sub-proposal__list">
        {fields.map((item) => (
          <li key={item.field} className="sub-proposal__item">
            <span className="sub-proposal__label">{item.label}</span>
            <span className="sub-proposal__values">
              <span>{shown(item.field, item.current)}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> passaria a </span>
              <strong>{shown(item.field, item.proposed)}</strong>
            </span>
            <span className="sub-proposal__buttons">
              {FIELD_DECISIONS.map(({ decision, label, variant }) => (
                <Button
                  key={decision}
                  size="sm"
                  variant={variant}
                  disabled={decide.isPending}
                  onClick={() => run(decision, [item.field])}
                >
                  {label}
                  <span className="sr-only"> {item.label}</span>
                </Button>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {fields.length > 1 && (
        <div className="sub-proposal__all">
          <Button size="sm" disabled={decide.isPending} onClick={() => run('apply', all)}>
            Aplicar todas
          </Button>
          <Button size="sm" variant="ghost" disabled={decide.isPending} onClick={() => run('discard', all)}>
            Descartar todas
          </Button>
        </div>
      )}
    </section>
  );
}
