import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  ADMIN_MSG,
  refundReasonInput,
  type AdminPayment,
  type RefundReasonInput,
} from '../../../../shared/admin-schemas';
import { formatMoney } from '../../../../shared/format';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/TextField';
import { fieldOf } from '../../ui/field-of';
import { FIELD_LIMITS } from '../../../../shared/fields/limits';

/**
 * Refund of a paid payment (docs/product/back-office-and-member-area.md §5): the reason is required and "Confirmar reembolso" stays
 * disabled while it is blank. The provider may take a while to complete it (PIX): the payment then
 * reads "Reembolso em processamento" until it does.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const utils = trpc.useUtils();
  const refund = trpc.payments.refund.useMutation({
    onSuccess: async (result) => {
      toast.success(result.message);
      await Promise.all([utils.payments.list.invalidate(), utils.payments.dashboard.invalidate()]);
      onClose();
    },
  });
  const formId = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RefundReasonInput>({
    resolver: zodResolver(refundReasonInput),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const blank = !useWatch({ control, name: 'reason' })?.trim();

  return (
    <Dialog
      title="Reembolsar pagamento"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={blank}
            loading={refund.isPending}
            loadingLabel="Reembolsando..."
          >
            Confirmar reembolso
          </Button>
        </>
      }
    >
      <p>
        Reembolsar {formatMoney(payment.amount)} de <strong>{payment.subscriber.fullName}</strong>? O valor
        volta pelo provedor de pagamento; se for o pagamento do período atual, a assinatura é cancelada.
      </p>
      {refund.error && (
        <Alert>{errorText(refund.error, ADMIN_MSG.refundFailed, ADMIN_MSG.refundProcessFailed)}</Alert>
      )}
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={handleSubmit((values) => refund.mutate({ paymentId: payment.id, reason: values.reason }))}
      >
        <TextAreaField
          label="Motivo do reembolso"
          className="textarea"
          maxLength={FIELD_LIMITS.reason}
          {...fieldOf(register, errors, 'reason')}
        />
      </form>
    </Dialog>
  );
}
