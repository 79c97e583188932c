import { useEffect, useId, useRef, useState } from 'react';
import { CHECKOUT_MSG, type PixData } from '../../../shared/checkout-schemas';
import { formatDateTime } from '../../../shared/format';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

/** The provider may send the QR image as bare base64 or as a ready data: URL. */
export function qrImageSrc(qrCode: string): string {
  return qrCode.startsWith('data:') ? qrCode : `data:image/png;base64,${qrCode}`;
}

const COPIED_VISIBLE_MS = 3000;

/** Copies with the Clipboard API, falling back to selecting the text (older or locked-down browsers). */
async function copyText(text: string, fallback: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallback) return false;
    fallback.select();
    return document.execCommand('copy');
  }
}

/**
 * PIX payment in progress: QR code, "copia e cola" code with copy button, validity and polling note.
 * `failed`: the code can no longer be paid (expired, refused) — only a new code helps. `checkError`:
 * the status check failed and polling stopped — the code still stands, the person checks again.
 */
export function PixPayment({
  pix,
  failed,
  onRetry,
  checkError,
  checking = false,
  onCheckAgain,
}: {
  pix: PixData;
  failed?: string;
  onRetry: () => void;
  checkError?: string;
  checking?: boolean;
  onCheckAgain?: () => void;
}) {
  const codeId = useId();
  const codeRef = useRef<HTMLTextAreaElement>(null);
  /** Successful copies so far: each one shows the confirmation for its own full 3 seconds. */
  const [copies, setCopies] = useState(0);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  useEffect(() => {
    if (copies === 0) return;
    const timer = setTimeout(() => setCopied(false), COPIED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [copies]);

  const onCopy = async () => {
    const ok = await copyText(pix.qrCodeText, codeRef.current);
    setCopyFailed(!ok);
    setCopied(ok);
    if (ok) setCopies((count) => count + 1);
  };

  return (
    <section className="card co-pix" aria-labelledby="pix-titulo">
      <h2 id="pix-titulo" className="co-section__title">
        Pague com PIX
      </h2>
      <p className="co-fineprint">Abra o app do seu banco e escaneie o QR Code, ou copie o código abaixo.</p>
      {failed ? (
        <>
          <Alert>{failed}</Alert>
          <Button onClick={onRetry}>Gerar Novo Código PIX</Button>
        </>
      ) : (
        <>
          <img className="co-pix__qr" src={qrImageSrc(pix.qrCode)} alt="QR Code PIX para pagamento" />
          <div className="field">
            <label className="field__label" htmlFor={codeId}>
              PIX copia e cola
            </label>
            <textarea id={codeId} ref={codeRef} className="co-pix__code" readOnly value={pix.qrCodeText} />
          </div>
          <Button variant="secondary" block onClick={() => void onCopy()}>
            Copiar código PIX
          </Button>
          <div aria-live="polite">
            {copied && <Alert tone="success">{CHECKOUT_MSG.pixCopied}</Alert>}
            {copyFailed && <Alert>Não foi possível copiar. Selecione o código e copie manualmente.</Alert>}
          </div>
          <p className="co-fineprint">
            Código válido até <strong>{formatDateTime(pix.expiresAt)}</strong>.
          </p>
          {checkError ? (
            <>
              <Alert>{checkError}</Alert>
              <Button onClick={onCheckAgain} loading={checking} loadingLabel="Verificando...">
                Verificar novamente
              </Button>
            </>
          ) : (
            <p className="co-fineprint" role="status">
              <span className="spinner co-inline-spinner" aria-hidden="true" /> Aguardando o pagamento.
              Verificamos automaticamente a cada 5 segundos.
            </p>
          )}
        </>
      )}
    </section>
  );
}
