import type { ReactNode } from 'react';
import { DocumentTitle } from '../../lib/document-title';

/** The frame of the status pages (403, 404): the code, the title (also the tab's), a line, an action. */
export function StatusPage({ code, title, children }: { code: string; title: string; children: ReactNode }) {
  return (
    <main className="status-page" id="conteudo">
      <DocumentTitle title={title} />
      <div>
        <p className="status-page__code" aria-hidden="true">
          {code}
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
