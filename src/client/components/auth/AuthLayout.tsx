import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../lib/document-title';
import { useServedPageAdopted } from '../../lib/served-page';

/** The frame of the sign-in pages: brand, one card, one heading. */
export function AuthLayout({
  title,
  subtitle,
  documentTitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  documentTitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useServedPageAdopted();
  return (
    <main className="auth-page" id="conteudo">
      <DocumentTitle title={documentTitle ?? title} />
      <div className="card auth-card">
        <Link to="/" className="auth-brand">
          Confraria Vinhos &amp; Amigos
        </Link>
        <h1>{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </div>
    </main>
  );
}
