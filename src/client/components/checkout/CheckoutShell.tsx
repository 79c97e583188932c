import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import './checkout.css';

/**
 * Page frame of every checkout screen: a slim brand bar (no site navigation to leave the purchase
 * by accident) and a centred main column.
 */
export function CheckoutShell({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const settings = trpc.settings.public.useQuery();
  return (
    <div className="co-page">
      <header className="co-header">
        <Link to="/" className="co-header__brand">
          {settings.data?.clubName ?? 'Confraria Vinhos & Amigos'}
        </Link>
        <span className="co-header__secure">
          <span aria-hidden="true">🔒 </span>Pagamento seguro
        </span>
      </header>
      <main id="conteudo" className={narrow ? 'co-main co-main--narrow' : 'co-main'}>
        {children}
      </main>
    </div>
  );
}
