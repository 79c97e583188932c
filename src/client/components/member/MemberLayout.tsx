import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { DocumentTitle } from '../../lib/document-title';
import { useLogout } from '../../lib/logout';
import { useSessionUser } from '../../lib/session';
import '../../styles/member.css';
import { currentSection } from '../layout/nav';
import { UserAvatar } from '../layout/UserAvatar';
import { Button } from '../ui/Button';
import { useMemberOverview } from './member-data';
import { MEMBER_NAV } from './member-nav';

/**
 * The member area frame (docs/product/back-office-and-member-area.md §2 "User layout"): "Portal do Confrade", the membership indicator,
 * who is signed in, "Sair", and the sections as a top navigation that scrolls sideways on phones.
 */
export function MemberLayout() {
  const user = useSessionUser();
  // "Sair" is in the header, under the toasts' corner: a failure is told at the bottom.
  const { logout, pending } = useLogout();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const section = currentSection(MEMBER_NAV, pathname) ?? MEMBER_NAV[0];
  const name = user?.name.trim() || 'Confrade';
  const overview = useMemberOverview();
  const subscription = overview.data?.subscription;
  // The real status (docs/product/decisions.md §4): "Confrade Ativo" only for an active membership.
  const indicator = subscription
    ? subscription.indicator
    : overview.data
      ? overview.data.nextStep === 'verify_email'
        ? 'Email não confirmado'
        : 'Sem assinatura'
      : null;

  return (
    <div className="member-shell">
      <DocumentTitle title={section.label} />
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <header className="member-header">
        <div className="member-header__inner">
          <div className="member-header__brand">
            <Link to="/user/dashboard" className="member-header__title">
              Portal do Confrade
            </Link>
            {indicator && (
              <span className="member-status" data-status={subscription?.status ?? 'none'}>
                {indicator}
              </span>
            )}
          </div>
          <div className="member-header__user">
            <UserAvatar name={name} />
            <div className="member-header__who">
              <span className="member-header__name">{name}</span>
              <span className="member-header__email">{user?.email}</span>
            </div>
            <Button variant="secondary" size="sm" onClick={logout} loading={pending}>
              Sair
            </Button>
          </div>
        </div>
        <nav className="member-nav" aria-label="Seções do portal">
          <ul>
            {MEMBER_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="member-nav__link">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="conteudo" className="member-content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
