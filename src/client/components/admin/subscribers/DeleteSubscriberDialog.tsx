import { useState } from 'react';
import { toast } from 'sonner';
import { SUBSCRIBER_MSG } from '../../../../shared/subscriber-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { Dialog } from '../../ui/Dialog';

/**
 * Deleting a subscriber (docs/product/back-office-and-member-area.md §5): "Excluir definitivamente"
 * stays disabled until CONFIRMAR is typed exactly; a different word says so under the field and the
 * dialog stays open to correct it. The server keeps a record that has payments (and says so).
 */
export function DeleteSubscriberDialog({
  subscriber,
  onClose,
  onDeleted,
}: {
  subscriber: { id: string; fullName: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [typed, setTyped] = useState('');
  const utils = trpc.useUtils();
  const remove = trpc.subscribers.remove.useMutation();
  const matches = typed === SUBSCRIBER_MSG.deleteConfirmWord;

  function close() {
    setTyped('');
    onClose();
  }

  async function confirm() {
    if (!subscriber) {
      toast.error(SUBSCRIBER_MSG.idMissing);
      return;
    }
    // The button is disabled until the word matches; Enter in the field cannot get past it either.
    if (!matches) return;
    try {
      await remove.mutateAsync({ id: subscriber.id });
      toast.success(SUBSCRIBER_MSG.deleted);
      void utils.subscribers.list.invalidate();
      setTyped('');
      onDeleted();
    } catch (error) {
      const reason = errorText(error, SUBSCRIBER_MSG.deleteFailedAlt);
      toast.error(
        SUBSCRIBER_MSG.deleteFailedAlt,
        reason === SUBSCRIBER_MSG.deleteFailedAlt ? undefined : { description: reason },
      );
      close();
    }
  }

  return (
    <Dialog open={subscriber !== null} onClose={close} title="Excluir assinante" size="sm">
      <form
        className="sub-form"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <p>
          Excluir <strong>{subscriber?.fullName}</strong> apaga o cadastro e o histórico. Esta ação não pode
          ser desfeita.
        </p>
        <TextField
          label={
            <>
              Digite <strong>CONFIRMAR</strong> para excluir
            </>
          }
          autoComplete="off"
          error={typed !== '' && !matches ? SUBSCRIBER_MSG.deleteWordMismatch : undefined}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="sub-form__actions">
          <Button variant="secondary" onClick={close}>
            Cancelar
          </Button>
          <Button
            type="submit"
            className="btn--danger"
            disabled={!matches}
            loading={remove.isPending}
            loadingLabel="Excluindo..."
          >
            Excluir definitivamente
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
