import { useId, useState } from 'react';
import { formatMoney } from '../../../shared/format';
import { MEMBER_MSG, REFERRAL_STATUS_LABELS } from '../../../shared/member-schemas';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../ui/LoadFailed';
import { Button } from '../ui/Button';
import { referralAmountColumns } from '../referrals/referral-columns';
import { DataTable, PersonCell, type Column } from '../ui/DataTable';
import { PageLoading } from '../ui/PageLoading';
import { MemberGate } from './MemberGate';
import { PayoutPixKeyCard } from './PayoutPixKeyCard';

const COPY_FEEDBACK_MS = 3000;
const toneOf = (status: string) =>
  status === 'confirmed' || status === 'paid' ? 'good' : status === 'cancelled' ? 'bad' : undefined;

/** "Indicações" (docs/product/back-office-and-member-area.md §2, §3): summary, own code and link, the referred members. */
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
    // docs/product/back-office-and-member-area.md §8: this exact text, with a retry button.
    return (
      <LoadFailed
        message={MEMBER_MSG.referralsFailed}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
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
      <PayoutPixKeyCard />
      <div className="card member-card">
        <h2>Suas indicações</h2>
        <DataTable
          caption="Lista de indicações"
          columns={REFERRAL_COLUMNS}
          rows={data.activeReferrals}
          rowKey={(referral) => referral._id}
          rowProps={() => ({ 'data-testid': 'referral-row' })}
          busy={summary.isFetching}
          empty="Nenhuma indicação ainda. Compartilhe seu link!"
          pagination={{ page, pages: data.pagination.pages, onPage: setPage }}
          pagerLabel="Páginas de indicações"
        />
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

type MemberReferral = inferRouterOutputs<AppRouter>['referrals']['mine']['activeReferrals'][number];

const REFERRAL_COLUMNS: Column<MemberReferral>[] = [
  {
    key: 'referred',
    header: 'Indicado',
    rowHeader: true,
    cell: (referral) => <PersonCell person={referral.referredSubscriber} emailClassName="member-muted" />,
  },
  ...referralAmountColumns<MemberReferral>(),
  {
    key: 'status',
    header: 'Status',
    cell: (referral) => (
      <span className="member-badge" data-tone={toneOf(referral.status)}>
        {REFERRAL_STATUS_LABELS[referral.status]}
      </span>
    ),
  },
];
