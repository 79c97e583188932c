import { Link } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { buttonClass } from '../ui/Button';
import { StatusPage } from './StatusPage';

/** /404, and what a route shows when its data does not exist. */
export function NotFoundPage() {
  return (
    <StatusPage code="404" title={MSG.notFoundTitle}>
      <p>A página que você procura não existe ou foi movida.</p>
      <Link to="/" reloadDocument className={buttonClass('primary')}>
        Voltar ao início
      </Link>
    </StatusPage>
  );
}
