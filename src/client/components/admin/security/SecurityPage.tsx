/**
 * /admin/security ("Segurança"): two-factor sign-in of the signed-in admin (docs/decisions/028).
 * Turning it on shows the key once (QR code and text), asks for the app's first code, then shows
 * the recovery codes once. Turning it off and new recovery codes ask for a step-up first.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/format';
import { SECURITY_MSG, type TwoFactorSetup } from '../../../../shared/security-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-security.css';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PageLoading } from '../../ui/PageLoading';
import { TextField } from '../../ui/TextField';
import { useStepUp } from './step-up';
import { SubmitActions } from '../../ui/SubmitActions';

const LOAD_FAILED = 'Erro ao carregar a segurança da conta';
const ACTION_FAILED = 'Não foi possível concluir. Tente novamente.';

export function SecurityPage() {
  const status = trpc.security.status.useQuery();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  /** Recovery codes just made, with what happened (shown once). */
  const [codes, setCodes] = useState<{ codes: string[]; message: string } | null>(null);

  if (status.isPending) return <PageLoading />;
  if (status.isError) return <Alert>{errorText(status.error, LOAD_FAILED)}</Alert>;
  const { twoFactor } = status.data;

  return (
    <div className="sec-stack">
      <section className="card sec-card" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">Verificação em duas etapas</h2>
        <p className="sec-muted">
          Além da senha, o login no painel pede o código de 6 dígitos que um aplicativo autenticador do seu
          celular mostra (Google Authenticator, Microsoft Authenticator, 1Password, Authy…). Quem descobrir
          sua senha não entra sem o celular.
        </p>
        {codes ? (
          <RecoveryCodes codes={codes.codes} message={codes.message} onDone={() => setCodes(null)} />
        ) : setup ? (
          <ConfirmSetup
            setup={setup}
            onEnabled={(answer) => {
              setSetup(null);
              setCodes({ codes: answer.recoveryCodes, message: answer.message });
            }}
            onCancel={() => setSetup(null)}
          />
        ) : twoFactor.enabled ? (
          <Enabled
            enabledAt={twoFactor.enabledAt}
            codesLeft={twoFactor.recoveryCodesLeft}
            onNewCodes={setCodes}
          />
        ) : (
          <Disabled onSetup={setSetup} />
        )}
      </section>
    </div>
  );
}

function Disabled({ onSetup }: { onSetup: (setup: TwoFactorSetup) => void }) {
  const withStepUp = useStepUp();
  const begin = trpc.security.twoFactorSetup.useMutation();
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setError(null);
    try {
      onSetup(await withStepUp(() => begin.mutateAsync()));
    } catch (failure) {
      setError(errorText(failure, ACTION_FAILED));
    }
  }

  return (
    <>
      <p>
        <strong>Desativada.</strong> Sua conta entra só com a senha.
      </p>
      {error && <Alert>{error}</Alert>}
      <div className="sec-actions">
        <Button onClick={() => void start()} loading={begin.isPending} loadingLabel="Preparando...">
          Ativar verificação em duas etapas
        </Button>
      </div>
    </>
  );
}

function ConfirmSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (answer: { recoveryCodes: string[]; message: string }) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const confirm = trpc.security.twoFactorConfirm.useMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await confirm.mutateAsync({ code });
      await utils.security.status.invalidate();
      onEnabled(answer);
    } catch (failure) {
      setError(errorText(failure, SECURITY_MSG.setupCodeInvalid));
    }
  }

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Ativar verificação"
    >
      <ol className="sec-steps">
        <li>Instale um aplicativo autenticador no celular, se ainda não tiver um.</li>
        <li>
          No aplicativo, adicione uma conta lendo este código QR:
          <img className="sec-qr" src={setup.qrCode} alt="Código QR para o aplicativo autenticador" />
          <span>
            Ou digite esta chave no aplicativo: <code className="sec-secret">{setup.secret}</code>
          </span>
        </li>
        <li>Digite o código de 6 dígitos que o aplicativo mostra agora.</li>
      </ol>
      {error && <Alert>{error}</Alert>}
      <TextField
        label="Código do aplicativo"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <SubmitActions
        className="sec-actions"
        busy={confirm.isPending}
        busyLabel="Conferindo..."
        onCancel={onCancel}
      >
        Confirmar e ativar
      </SubmitActions>
    </form>
  );
}

/** The recovery codes, shown this once: to copy, print or download before leaving. */
function RecoveryCodes({ codes, message, onDone }: { codes: string[]; message: string; onDone: () => void }) {
  function download() {
    const text = `Códigos de recuperação (cada um vale uma vez):\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codigos-de-recuperacao.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="sec-card" role="region" aria-labelledby="recovery-title">
      <Alert tone="success">{message}</Alert>
      <h3 id="recovery-title">Códigos de recuperação</h3>
      <Alert tone="info">
        Guarde estes códigos num lugar seguro, fora do celular. Se perder o celular, cada código permite
        entrar uma vez no lugar do código do aplicativo. Eles não serão mostrados de novo.
      </Alert>
      <ul className="sec-codes" aria-label="Códigos de recuperação">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="sec-actions">
        <Button variant="secondary" onClick={download}>
          Baixar os códigos
        </Button>
        <Button onClick={onDone}>Já guardei os códigos</Button>
      </div>
    </div>
  );
}

function Enabled({
  enabledAt,
  codesLeft,
  onNewCodes,
}: {
  enabledAt: string | null;
  codesLeft: number;
  onNewCodes: (codes: { codes: string[]; message: string }) => void;
}) {
  const withStepUp = useStepUp();
  const utils = trpc.useUtils();
  const renew = trpc.security.recoveryCodesRenew.useMutation();
  const disable = trpc.security.twoFactorDisable.useMutation();
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function newCodes() {
    setError(null);
    try {
      const answer = await withStepUp(() => renew.mutateAsync());
      await utils.security.status.invalidate();
      onNewCodes({ codes: answer.recoveryCodes, message: answer.message });
    } catch (failure) {
      setError(errorText(failure, ACTION_FAILED));
    }
  }

  async function turnOff() {
    setConfirmingOff(false);
    setError(null);
    try {
      const answer = await withStepUp(() => disable.mutateAsync());
      await utils.security.status.invalidate();
      toast.success(answer.message);
    } catch (failure) {
      setError(errorText(failure, ACTION_FAILED));
    }
  }

  return (
    <>
      <p>
        <strong>Ativada</strong>
        {enabledAt ? ` desde ${formatDateTime(enabledAt)}` : ''}. Códigos de recuperação restantes:{' '}
        <strong>{codesLeft}</strong>.
      </p>
      {codesLeft <= 3 && (
        <Alert tone="info">Restam poucos códigos de recuperação: gere novos e guarde-os.</Alert>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="sec-actions">
        <Button
          variant="secondary"
          onClick={() => void newCodes()}
          loading={renew.isPending}
          loadingLabel="Gerando..."
        >
          Gerar novos códigos de recuperação
        </Button>
        <Button variant="ghost" onClick={() => setConfirmingOff(true)} loading={disable.isPending}>
          Desativar
        </Button>
      </div>
      {confirmingOff && (
        <Dialog
          title="Desativar a verificação em duas etapas?"
          onClose={() => setConfirmingOff(false)}
          footer={
            <div className="sec-actions">
              <Button onClick={() => void turnOff()}>Desativar</Button>
              <Button variant="secondary" onClick={() => setConfirmingOff(false)}>
                Manter ativada
              </Button>
            </div>
          }
        >
          <p>Sem ela, quem descobrir sua senha entra no painel. Os códigos de recuperação deixam de valer.</p>
        </Dialog>
      )}
    </>
  );
}
