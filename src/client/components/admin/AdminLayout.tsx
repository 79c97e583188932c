import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatLongDate } from '../../../shared/format';
import { DocumentTitle } from '../../lib/document-title';
import { useLogout } from '../../lib/logout';
import { useSessionUser } from '../../lib/session';
import '../../styles/admin.css';
import { currentSection } from '../layout/nav';
import { UserAvatar } from '../layout/UserAvatar';
import { Button } from '../ui/Button';
import { ADMIN_NAV } from './admin-nav';
import { StepUpProvider } from './security/step-up';

/** Where the side navigation stops being a drawer (admin.css). */
const DESKTOP_QUERY = '(min-width: 1024px)';

/**
 * The back office frame (docs/product/back-office-and-member-area.md §2 "Admin layout"): side navigation, a header with the section's
 * name (the page's h1: pages start at h2) and today's long date, and the signed-in admin with "Sair".
 * On phones the side navigation is a drawer opened from the header.
 */
export function AdminLayout() {
  const user = useSessionUser();
  // "Sair" is at the foot of the side navigation (the drawer's on phones): a failure is told at the top.
  const { logout, pending } = useLogout();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const section = currentSection(ADMIN_NAV, pathname) ?? ADMIN_NAV[0];
  // The drawer belongs to the page it was opened on: navigating anywhere closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const name = user?.name.trim() || 'Admin';

  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpenOn(null);
    // Growing to the desktop layout (no drawer, no toggle) closes it, so the page is never left inert.
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => desktop.matches && setMenuOpenOn(null);
    window.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onResize);
    };
  }, [menuOpen]);

  // Keyboard and screen-reader users follow the drawer: into it when it opens, back to the toggle
  // when it closes (Escape, backdrop, or a link followed).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (menuOpen) navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = menuOpen;
  }, [menuOpen]);

  return (
    <div className="admin-shell">
      <DocumentTitle title={`${section.label} · Admin`} />
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
        <nav ref={navRef} className="admin-nav" aria-label="Seções do painel">
          <ul>
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                {/* Choosing a section closes the drawer at once: when an unsaved form holds the
                    navigation back, its question must not sit under an inert page. */}
                <Link to={item.to} className="admin-nav__link" onClick={() => setMenuOpen(false)}>
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
      {/* While the drawer is open the page behind it cannot be reached (it is covered anyway). */}
      <div className="admin-main" inert={menuOpen}>
        <header className="admin-header">
          <button
            ref={toggleRef}
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
          {/* Sensitive changes ask the admin to confirm their identity (security/step-up.tsx). */}
          <StepUpProvider>
            <Outlet />
          </StepUpProvider>
        </main>
      </div>
    </div>
  );
}
