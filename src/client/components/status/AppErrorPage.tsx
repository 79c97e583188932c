import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { Button, buttonClass } from '../ui/Button';

/** The router's fallback when a page throws (spec 01 §8): the fixed title plus what went wrong. */
export function AppErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="status-page" id="conteudo">
      <div>
        <h1>{MSG.routerFallback}</h1>
        {message && <p className="status-page__details">{message}</p>}
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
