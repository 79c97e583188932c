import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { DocumentTitle } from '../../lib/document-title';
import { Button } from '../ui/Button';

/** /403 (docs/product/public-site-and-checkout.md §2): "Acesso Negado" with a Voltar button. */
export function AccessDeniedPage() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <main className="status-page" id="conteudo">
      <DocumentTitle title={MSG.accessDeniedTitle} />
      <div>
        <p className="status-page__code" aria-hidden="true">
          403
        </p>
        <h1>{MSG.accessDeniedTitle}</h1>
        <p>{MSG.forbidden}</p>
        <Button onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }))}>
          Voltar
        </Button>
      </div>
    </main>
  );
}
