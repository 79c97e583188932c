import { MSG } from '../../../shared/messages';
import { StatusPage } from './StatusPage';
import { BackHomeLink } from '../ui/BackHomeLink';

/** /404, and what a route shows when its data does not exist. */
export function NotFoundPage() {
  return (
    <StatusPage code="404" title={MSG.notFoundTitle}>
      <p>A página que você procura não existe ou foi movida.</p>
      <BackHomeLink />
    </StatusPage>
  );
}
