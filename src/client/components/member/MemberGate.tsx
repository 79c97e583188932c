import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { MEMBER_MSG, type MemberOverview, type MemberSubscription } from '../../../shared/member-schemas';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { LoadFailed } from '../ui/LoadFailed';
import { Button, buttonClass } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';
import { useMemberOverview } from './member-data';

/**
 * Every member page's first step: the account must be tied to a subscriber record. Until it is
 * (e-mail not confirmed, nothing paid yet) the page shows what to do next, never an error.
 */
export function MemberGate({
  children,
}: {
  children: (subscription: MemberSubscription, overview: MemberOverview) => ReactNode;
}) {
  const overview = useMemberOverview();
  if (overview.isPending || overview.isError) return <OverviewPending overview={overview} />;
  const data = overview.data;
  if (!data.subscription) return <NextStep step={data.nextStep ?? 'checkout'} email={data.account.email} />;
  return <>{children(data.subscription, data)}</>;
}

/** The member overview while it loads, or its failure with a way to try again. */
export function OverviewPending({ overview }: { overview: ReturnType<typeof useMemberOverview> }) {
  if (!overview.isError) return <PageLoading />;
  return (
    <LoadFailed
      message={errorText(overview.error, MEMBER_MSG.loadFailed)}
      onRetry={() => void overview.refetch()}
    />
  );
}

/** What a member without a record does next: confirm the e-mail, or pay through /checkout. */
export function NextStep({ step, email }: { step: 'verify_email' | 'checkout'; email: string }) {
  const resend = trpc.auth.resendVerification.useMutation();
  const [sent, setSent] = useState<string | null>(null);
  if (step === 'verify_email') {
    return (
      <div className="card member-next-step">
        <h2>{MEMBER_MSG.verifyEmailTitle}</h2>
        <p>{MEMBER_MSG.verifyEmail}</p>
        <p className="member-muted">
          Enviamos para <strong>{email}</strong>.
        </p>
        {sent && <Alert tone="success">{sent}</Alert>}
        {resend.isError && <Alert>{errorText(resend.error, 'Erro ao enviar o link')}</Alert>}
        <div className="member-actions">
          <Button
            loading={resend.isPending}
            loadingLabel="Enviando..."
            onClick={() => resend.mutate(undefined, { onSuccess: (answer) => setSent(answer.message) })}
          >
            Enviar novo link de confirmação
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="card member-next-step">
      <h2>{MEMBER_MSG.checkoutTitle}</h2>
      <p>{MEMBER_MSG.checkout}</p>
      <p className="member-muted">
        Já pagou com outro email? Fale com o clube pela <Link to="/contato">página de contato</Link>.
      </p>
      <div className="member-actions">
        <a className={buttonClass('primary')} href="/checkout">
          Assinar agora
        </a>
      </div>
    </div>
  );
}
