import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatLongDate } from '../../../shared/format';
import { useDocumentTitle } from '../../lib/document-title';
import { useLogout, useSessionUser } from '../../lib/session';
import '../../styles/admin.css';
import { currentSection } from '../layout/nav';
import { UserAvatar } from '../layout/UserAvatar';
import { Button } from '../ui/Button';
import { ADMIN_NAV } from './admin-nav';

/**
 * The back office frame (spec 02 §2 "Admin layout"): side navigation, a header with the section's
 * name (the page's h1: pages start at h2) and today's long date, and the signed-in admin with "Sair".
 * On phones the side navigation is a drawer opened from the header.
 */
export function AdminLayout() {
  const user = useSessionUser();
  const { logout, pending } = useLogout();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const section = currentSection(ADMIN_NAV, pathname) ?? ADMIN_NAV[0];
  // The drawer belongs to the page it was opened on: navigating anywhere closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const name = user?.name.trim() || 'Admin';
  useDocumentTitle(`${section.label} · Admin`);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="admin-shell">
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <aside
        id="admin-sidebar"
        className={`admin-sidebar${menuOpen ? ' is-open' : ''}`}
        aria-label="Menu do administrador"
      >
        <div className="admin-sidebar__brand">
          <span className="admin-sidebar__club">Confraria</span>
          <span className="admin-sidebar__tag">Painel administrativo</span>
        </div>
        <nav className="admin-nav" aria-label="Seções do painel">
          <ul>
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="admin-nav__link">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar__footer">
          <UserAvatar name={name} />
          <div className="admin-sidebar__who">
            <span className="admin-sidebar__name">{name}</span>
            <span className="admin-sidebar__role">Administrador</span>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="admin-sidebar__logout"
            onClick={logout}
            loading={pending}
          >
            Sair
          </Button>
        </div>
      </aside>
      {menuOpen && <div className="admin-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <div className="admin-main">
        <header className="admin-header">
          <button
            type="button"
            className="admin-menu-toggle"
            aria-controls="admin-sidebar"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span className="admin-menu-toggle__bars" aria-hidden="true" />
            <span className="sr-only">{menuOpen ? 'Fechar menu' : 'Abrir menu'}</span>
          </button>
          <div className="admin-header__titles">
            <h1 className="admin-header__section">{section.label}</h1>
            <p className="admin-header__date">{formatLongDate(new Date())}</p>
          </div>
        </header>
        <main id="conteudo" className="admin-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
