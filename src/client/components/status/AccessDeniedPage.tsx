import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { Button } from '../ui/Button';
import { StatusPage } from './StatusPage';

/** /403 (docs/product/public-site-and-checkout.md §2): "Acesso Negado" with a Voltar button. */
export function AccessDeniedPage() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <StatusPage code="403" title={MSG.accessDeniedTitle}>
      <p>{MSG.forbidden}</p>
      <Button onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }))}>
        Voltar
      </Button>
    </StatusPage>
  );
}
