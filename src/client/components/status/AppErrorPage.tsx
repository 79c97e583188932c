import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { errorText } from '../../lib/errors';
import { Button, buttonClass } from '../ui/Button';

/** Shown under the title when the failure carries no message of the server's. */
const APP_ERROR_FALLBACK = 'Não foi possível carregar esta página. Verifique sua conexão e tente novamente.';

/**
 * The router's fallback when a page throws (docs/product/public-site-and-checkout.md §8): the fixed title plus what went wrong, in
 * the words of lib/errors.ts — the server's own message when it answered, never a browser's raw
 * text ("Failed to fetch") or a bug's.
 */
export function AppErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = errorText(error, APP_ERROR_FALLBACK);
  return (
    <main className="status-page" id="conteudo">
      <div>
        <h1>{MSG.routerFallback}</h1>
        <p className="status-page__details">{message}</p>
        <div className="status-page__actions">
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Tentar novamente
          </Button>
          {/* A full load, so a broken client state cannot follow the person home. */}
          <a href="/" className={buttonClass('secondary')}>
            Voltar ao início
          </a>
        </div>
      </div>
    </main>
  );
}
