import { Link } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { DocumentTitle } from '../../lib/document-title';
import { buttonClass } from '../ui/Button';

/** /404, and what a route shows when its data does not exist. */
export function NotFoundPage() {
  return (
    <main className="status-page" id="conteudo">
      <DocumentTitle title={MSG.notFoundTitle} />
      <div>
        <p className="status-page__code" aria-hidden="true">
          404
        </p>
        <h1>{MSG.notFoundTitle}</h1>
        <p>A página que você procura não existe ou foi movida.</p>
        <Link to="/" reloadDocument className={buttonClass('primary')}>
          Voltar ao início
        </Link>
      </div>
    </main>
  );
}
