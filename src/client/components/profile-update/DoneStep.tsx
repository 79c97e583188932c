/**
 * Step 3: the saved profile's credentials (docs/product/public-site-and-checkout.md §3: the login e-mail and the referral code) and
 * the way into the member area. The dashboard link leads to /login, whose "Esqueci minha senha"
 * sends a set-password link (docs/product/decisions.md §3.8): no password is ever shown or sent here.
 */
import { Link } from '@tanstack/react-router';
import { PROFILE_UPDATE_MSG, type CompleteProfileResponse } from '../../../shared/profile-update-schemas';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { StepHeading } from './step-heading';

export function DoneStep({ saved, onRestart }: { saved: CompleteProfileResponse; onRestart: () => void }) {
  return (
    <section className="pu-done" aria-labelledby="pu-done-title">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="#ecfdf3" stroke="#067647" strokeWidth="2" />
        <path d="M15 24.5l6 6 12-13" fill="none" stroke="#067647" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <StepHeading id="pu-done-title" focus>
        Dados atualizados com sucesso!
      </StepHeading>
      <p>Seu cadastro está completo. Guarde suas informações de acesso:</p>
      {saved.contactsInPortal && <Alert tone="info">{PROFILE_UPDATE_MSG.contactsInPortal}</Alert>}
      {saved.pendingEmail && (
        <Alert tone="info">
          O novo email <strong>{saved.pendingEmail}</strong> está aguardando confirmação: enviamos um link
          para ele, e a troca só vale depois que você usar esse link. Até lá, o email de acesso continua sendo{' '}
          {saved.credentials.email}.
        </Alert>
      )}
      <dl className="pu-credentials">
        <div>
          <dt>E-mail de acesso</dt>
          <dd>{saved.credentials.email}</dd>
        </div>
        <div>
          <dt>Código de indicação</dt>
          <dd className="pu-credentials__code">{saved.credentials.referralCode}</dd>
        </div>
      </dl>
      <p className="pu-note">
        Para entrar no Portal do Confrade, use seu e-mail. Se ainda não tem senha, clique em &quot;Esqueci
        minha senha&quot; na página de login e enviaremos um link para você defini-la.
      </p>
      <div className="pu-actions pu-actions--center">
        <Link to="/login" className={buttonClass('primary')}>
          Acessar o Portal do Confrade
        </Link>
        <Button variant="secondary" onClick={onRestart}>
          Atualizar Outro Cadastro
        </Button>
      </div>
    </section>
  );
}
