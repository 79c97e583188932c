import { useId, useState } from 'react';
import { formatDate, formatMoney } from '../../../shared/format';
import { MEMBER_MSG, REFERRAL_STATUS_LABELS } from '../../../shared/member-schemas';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { PageLoading } from '../ui/PageLoading';
import { MemberGate } from './MemberGate';

const COPY_FEEDBACK_MS = 3000;
const toneOf = (status: string) =>
  status === 'confirmed' || status === 'paid' ? 'good' : status === 'cancelled' ? 'bad' : undefined;

/** "Indicações" (spec 02 §2, §3): summary, own code and link, the referred members. */
export function ReferralsPage() {
  return (
    <section className="member-section member-stack" aria-labelledby="member-section-title">
      <h1 id="member-section-title">Indicações</h1>
      <MemberGate>{() => <ReferralSummary />}</MemberGate>
    </section>
  );
}

function ReferralSummary() {
  const [page, setPage] = useState(1);
  const summary = trpc.referrals.mine.useQuery({ page }, { placeholderData: (previous) => previous });
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  if (summary.isPending) return <PageLoading />;
  if (summary.isError) {
    return (
      <div className="member-stack">
        {/* spec 02 §8: this exact text, with a retry button. */}
        <Alert>{MEMBER_MSG.referralsFailed}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void summary.refetch()} loading={summary.isFetching}>
            Tentar novamente
          </Button>
        </div>
      </div>
    );
  }
  const data = summary.data;

  async function copy() {
    try {
      await navigator.clipboard.writeText(data.myReferralLink);
    } catch {
      // No clipboard permission: select the text so the member can copy it by hand.
      const input = document.getElementById(linkId) as HTMLInputElement | null;
      input?.select();
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  return (
    <>
      <div className="member-grid">
        <Stat label="Total de indicações" value={String(data.totalReferrals)} />
        <Stat label="Comissões ganhas" value={formatMoney(data.earnedAmount)} testId="earned-amount" />
        <Stat label="Comissões pendentes" value={formatMoney(data.pendingAmount)} />
        <Stat label="Cliques no link" value={String(data.totalClicks)} />
        <Stat label="Taxa de conversão" value={`${data.conversionRate.toLocaleString('pt-BR')}%`} />
      </div>
      <div className="card member-card">
        <h2>Seu link de indicação</h2>
        <p>
          Seu código: <strong data-testid="referral-code">{data.myReferralCode}</strong>. Quem assinar pelo
          seu link rende a você 10% do valor pago.
        </p>
        <div className="member-copy">
          <label htmlFor={linkId} className="sr-only">
            Link de indicação
          </label>
          <input id={linkId} className="field__input" readOnly value={data.myReferralLink} />
          <Button onClick={() => void copy()}>Copiar link</Button>
        </div>
        <p role="status" className="member-muted">
          {copied ? MEMBER_MSG.linkCopied : ''}
        </p>
      </div>
      <div className="card member-card">
        <h2>Suas indicações</h2>
        {data.activeReferrals.length === 0 ? (
          <EmptyState>Nenhuma indicação ainda. Compartilhe seu link!</EmptyState>
        ) : (
          <div className="member-table-wrap" role="region" aria-label="Lista de indicações" tabIndex={0}>
            <table className="member-table">
              <thead>
                <tr>
                  <th scope="col">Indicado</th>
                  <th scope="col">Data</th>
                  <th scope="col">Comissão</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.activeReferrals.map((referral) => (
                  <tr key={referral._id} data-testid="referral-row">
                    <td>
                      {referral.referredSubscriber.fullName}
                      <br />
                      <span className="member-muted">{referral.referredSubscriber.email}</span>
                    </td>
                    <td>{formatDate(referral.createdAt)}</td>
                    <td>{formatMoney(referral.commissionAmount)}</td>
                    <td>
                      <span className="member-badge" data-tone={toneOf(referral.status)}>
                        {REFERRAL_STATUS_LABELS[referral.status]}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data.pagination.pages > 1 && (
          <nav className="member-actions member-pager" aria-label="Páginas de indicações">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <span>
              Página {data.pagination.page} de {data.pagination.pages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= data.pagination.pages}
              onClick={() => setPage(page + 1)}
            >
              Próxima
            </Button>
          </nav>
        )}
      </div>
    </>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card member-stat">
      <span className="member-stat__label">{label}</span>
      <span className="member-stat__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
