import type { ReactNode } from 'react';
import { Link, useMatch } from '@tanstack/react-router';
import type { PublicSettings } from '../../../shared/public-settings';
import { useServedPageAdopted } from '../../lib/served-page';
import './checkout.css';

/**
 * Page frame of every checkout screen: a slim brand bar (no site navigation to leave the purchase
 * by accident) and a centred main column.
 *
 * The club's name is the page route's loader data (the settings, ADR 055): /checkout opens without
 * the query cache.
 */
export function CheckoutShell({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const clubName = useMatch({
    strict: false,
    select: (match) => (match.loaderData as PublicSettings | undefined)?.clubName,
  });
  useServedPageAdopted();
  return (
    <div className="co-page">
      <header className="co-header">
        <div className={narrow ? 'co-header__inner co-header__inner--narrow' : 'co-header__inner'}>
          <Link to="/" className="co-header__brand">
            {clubName ?? 'Confraria Vinhos & Amigos'}
          </Link>
          <span className="co-header__secure">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
              />
            </svg>
            Pagamento seguro
          </span>
        </div>
      </header>
      <main id="conteudo" className={narrow ? 'co-main co-main--narrow' : 'co-main'}>
        {children}
      </main>
    </div>
  );
}
