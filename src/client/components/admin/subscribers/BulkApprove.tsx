/**
 * Approving many records of the approval queue at once (ADR 046): rows are ticked on the pending
 * list, one confirmation names how many and who, and the answer is shown row by row (approved, or
 * why not). Each approval is the one approval with its identity rules (ADR 027): a record naming
 * an admin's e-mail is refused in that row, never approved.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { BATCH_MAX, type ApproveManyOutput } from '../../../../shared/batch-schemas';
import type { SubscriberRecord } from '../../../../shared/subscriber-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';

/** The ticked records (id → name), kept across pages of the queue. */
export type Selection = ReadonlyMap<string, string>;

export function useSelection() {
  const [selected, setSelected] = useState<Selection>(new Map());
  const toggle = (row: Pick<SubscriberRecord, 'id' | 'fullName'>, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on && next.size < BATCH_MAX) next.set(row.id, row.fullName);
      else next.delete(row.id);
      return next;
    });
  return { selected, toggle, clear: () => setSelected(new Map()) };
}

/** The checkbox column of the approval queue. */
export function selectColumn(selection: ReturnType<typeof useSelection>): Column<SubscriberRecord> {
  return {
    key: 'select',
    header: 'Selecionar',
    headerHidden: true,
    cell: (row) => (
      <label className="checkbox">
        <input
          type="checkbox"
          checked={selection.selected.has(row.id)}
          disabled={!selection.selected.has(row.id) && selection.selected.size >= BATCH_MAX}
          onChange={(event) => selection.toggle(row, event.target.checked)}
        />
        <span className="sr-only">Selecionar {row.fullName}</span>
      </label>
    ),
  };
}

function Results({ answer }: { answer: ApproveManyOutput }) {
  return (
    <>
      <p role="status">{answer.message}</p>
      <ul className="plain-list" aria-label="Resultado de cada cadastro">
        {answer.results.map((row) => (
          <li key={row.id}>
            <strong>{row.name ?? row.id}</strong>: {row.ok ? 'aprovado. ' : 'não aprovado. '}
            <span className={row.ok ? 'muted' : undefined}>{row.message}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The bar above the queue: how many are ticked and "Aprovar selecionados". */
export function BulkApproveBar({
  selection,
  pageRows,
}: {
  selection: ReturnType<typeof useSelection>;
  pageRows: readonly SubscriberRecord[];
}) {
  const [confirming, setConfirming] = useState(false);
  const approve = trpc.subscribers.approveMany.useMutation();
  // A double click arrives before the busy button is drawn: the second click sends nothing.
  const sending = useRef(false);
  const utils = trpc.useUtils();
  const count = selection.selected.size;
  const allTicked = pageRows.length > 0 && pageRows.every((row) => selection.selected.has(row.id));
  const close = () => {
    setConfirming(false);
    if (approve.data) selection.clear();
    approve.reset();
  };
  return (
    <div className="subs__bulk" role="group" aria-label="Aprovação em lote">
      <p className="muted" aria-live="polite">
        {count === 0 ? 'Nenhum cadastro selecionado.' : `${count} cadastro(s) selecionado(s).`}
      </p>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          for (const row of pageRows) selection.toggle(row, !allTicked);
        }}
      >
        {allTicked ? 'Desmarcar esta página' : 'Selecionar esta página'}
      </Button>
      <Button size="sm" disabled={count === 0} onClick={() => setConfirming(true)}>
        Aprovar selecionados
      </Button>
      <Dialog
        open={confirming}
        onClose={close}
        title={approve.data ? 'Resultado da aprovação' : `Aprovar ${count} cadastro(s)?`}
        footer={
          approve.data ? (
            <Button onClick={close}>Fechar</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close} disabled={approve.isPending}>
                Cancelar
              </Button>
              <Button
                loading={approve.isPending}
                loadingLabel="Aprovando..."
                onClick={() => {
                  if (sending.current) return;
                  sending.current = true;
                  approve.mutate(
                    { ids: [...selection.selected.keys()] },
                    {
                      onSuccess: (answer) => {
                        toast.success(answer.message);
                        void utils.subscribers.list.invalidate();
                      },
                      onSettled: () => {
                        sending.current = false;
                      },
                    },
                  );
                }}
              >
                Aprovar {count} cadastro(s)
              </Button>
            </>
          )
        }
      >
        {approve.data ? (
          <Results answer={approve.data} />
        ) : (
          <>
            <p>
              Cada cadastro é aprovado como na aprovação de um só: a conta é criada (o link para definir a
              senha vai só ao email do cadastro) ou, se o email já tem conta, ela é só avisada. Um cadastro
              com o email de um administrador não é aprovado.
            </p>
            <ul className="plain-list" aria-label="Cadastros a aprovar">
              {[...selection.selected.values()].map((name, index) => (
                <li key={index}>{name}</li>
              ))}
            </ul>
            {approve.isError && <Alert>{errorText(approve.error, 'Erro ao aprovar os cadastros')}</Alert>}
          </>
        )}
      </Dialog>
    </div>
  );
}
