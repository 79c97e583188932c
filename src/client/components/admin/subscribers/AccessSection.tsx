/**
 * The record's access in the view modal (ADR 027): the account it belongs to, which of its
 * contacts are proven and since when, and a change of sign-in address waiting for the new
 * address's confirmation. What the record's own e-mail and phone say is a claim until then.
 */
import { formatDate, formatDateTime } from '../../../../shared/format';
import { EMAIL_CHANGE_MSG } from '../../../../shared/identity-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { formatPhone } from './subscriber-form-values';

const REQUESTERS = {
  member: 'pedido pelo assinante',
  admin: 'pedido pela equipe do clube',
  wizard: 'pedido na Atualização de Dados',
};

export function AccessSection({ id }: { id: string }) {
  const access = trpc.subscribers.access.useQuery({ id });
  if (access.isPending) return <p role="status">Carregando acesso...</p>;
  if (access.isError) return <Alert>{errorText(access.error, 'Erro ao carregar o acesso')}</Alert>;
  const { account, pendingEmail, payoutPixKey } = access.data;
  return (
    <>
      <h3>Acesso e contatos comprovados</h3>
      <dl className="sub-details__list" data-testid="subscriber-access">
        <div className="sub-details__field">
          <dt>Conta de acesso</dt>
          <dd>
            {account
              ? `${account.email}${account.role === 'admin' ? ' (administrador)' : ''}${account.tied ? '' : ' — conta com o mesmo email, ainda não ligada a este cadastro'}`
              : 'Nenhuma: é criada na aprovação'}
          </dd>
        </div>
        {account && (
          <>
            <div className="sub-details__field">
              <dt>Email comprovado</dt>
              <dd>
                {account.emailVerifiedAt ? `Sim, em ${formatDateTime(account.emailVerifiedAt)}` : 'Não'}
              </dd>
            </div>
            <div className="sub-details__field">
              <dt>WhatsApp comprovado</dt>
              <dd>
                {account.provenPhone && account.phoneProvenAt
                  ? `${formatPhone(account.provenPhone)}, em ${formatDateTime(account.phoneProvenAt)}`
                  : 'Nenhum: links e códigos de acesso só vão por email'}
              </dd>
            </div>
          </>
        )}
        <div className="sub-details__field">
          <dt>Chave PIX para comissões</dt>
          <dd data-testid="payout-pix-key">
            {payoutPixKey
              ? `${payoutPixKey.label}${payoutPixKey.updatedAt ? `, informada pelo assinante em ${formatDateTime(payoutPixKey.updatedAt)}` : ''}`
              : 'Nenhuma: o assinante informa em Indicações, no Portal do Confrade'}
          </dd>
        </div>
        {pendingEmail && (
          <div className="sub-details__field">
            <dt>Novo email</dt>
            <dd data-testid="pending-email">
              {pendingEmail.newEmail} — {EMAIL_CHANGE_MSG.pendingBadge} (
              {REQUESTERS[pendingEmail.requestedBy]}; link válido até {formatDate(pendingEmail.expiresAt)})
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
