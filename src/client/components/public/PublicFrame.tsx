/**
 * The frame of every public page: header with the club's name and navigation, the page, and the
 * footer with tagline, promises, contacts and legal links. Markup only, from plain props, so the
 * app (PublicLayout) and the landing's build-time pre-render (src/client/landing/) share it.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FOOTER_PROMISES, TAGLINE, whatsappHref } from '../../../shared/content/site';
import type { PublicSettingsText } from '../../../shared/public-settings';
import { SiteLink, type SitePath } from './SiteLink';
import { SocialLinks } from './SocialLinks';

const NAV: readonly { to: SitePath; label: string }[] = [
  { to: '/', label: 'Início' },
  { to: '/sobre-nos', label: 'Sobre Nós' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contato', label: 'Contato' },
];

export interface PublicFrameProps {
  settings: PublicSettingsText;
  /** The copyright year (text: the pre-render prints a slot the server fills). */
  year: string;
  /** The page's path, marked `aria-current` in the navigation. */
  currentPath: string;
  children: ReactNode;
}

export function PublicFrame({ settings, year, currentPath, children }: PublicFrameProps) {
  return (
    <div className="pub">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <PublicHeader clubName={settings.clubName} currentPath={currentPath} />
      <main id="conteudo" className="pub-main" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter settings={settings} year={year} />
    </div>
  );
}

/**
 * The header. Its phone menu is a disclosure held in state: the button opens and closes the
 * navigation, a link in it closes it, and Esc inside the header closes it and gives the focus back
 * to the button. The pages served without the app draw this same markup and drive it with
 * phone-menu.ts (they have no React, ADR 040).
 */
function PublicHeader({ clubName, currentPath }: { clubName: string; currentPath: string }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggleRef.current?.focus();
  };
  const close = () => setOpen(false);
  return (
    <header className="pub-header" onKeyDown={onKeyDown}>
      <div className="pub-header__inner">
        <SiteLink to="/" className="pub-brand">
          <img src="/icons/icon.svg" alt="" width="32" height="32" />
          <span>{clubName}</span>
        </SiteLink>
        <button
          ref={toggleRef}
          type="button"
          className="pub-menu-toggle"
          aria-expanded={open}
          aria-controls="pub-nav"
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true" className="pub-menu-toggle__bars" />
          Menu
        </button>
        <nav
          id="pub-nav"
          className={open ? 'pub-nav pub-nav--open' : 'pub-nav'}
          aria-label="Navegação principal"
        >
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <SiteLink
                  to={item.to}
                  className="pub-nav__link"
                  aria-current={item.to === currentPath ? 'page' : undefined}
                  onClick={close}
                >
                  {item.label}
                </SiteLink>
              </li>
            ))}
          </ul>
          <SiteLink to="/login" className="btn btn--sm pub-btn-outline" onClick={close}>
            Entrar
          </SiteLink>
        </nav>
      </div>
    </header>
  );
}

function PublicFooter({ settings, year }: { settings: PublicSettingsText; year: string }) {
  return (
    <footer className="pub-footer">
      <div className="pub-footer__inner">
        <div className="pub-footer__brand">
          <p className="pub-footer__name">{settings.clubName}</p>
          <p className="pub-footer__tagline">{TAGLINE}</p>
          <SocialLinks settings={settings} variant="footer" />
        </div>
        <nav aria-label="Institucional" className="pub-footer__col">
          <h2 className="pub-footer__title">A confraria</h2>
          <ul>
            <li>
              <SiteLink to="/sobre-nos">Sobre Nós</SiteLink>
            </li>
            <li>
              <SiteLink to="/faq">Perguntas frequentes</SiteLink>
            </li>
            <li>
              <SiteLink to="/termos">Termos de Uso</SiteLink>
            </li>
            <li>
              <SiteLink to="/privacidade">Política de Privacidade</SiteLink>
            </li>
          </ul>
        </nav>
        <div className="pub-footer__col">
          <h2 className="pub-footer__title">Contato</h2>
          <ul>
            <li>
              <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
            </li>
            <li>
              <a href={whatsappHref(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer">
                WhatsApp {settings.whatsappDisplay}
              </a>
            </li>
            <li>
              <SiteLink to="/contato">Fale conosco</SiteLink>
            </li>
          </ul>
        </div>
      </div>
      <p className="pub-footer__promises">{FOOTER_PROMISES.join(' • ')}</p>
      <p className="pub-footer__legal">
        © {year} {settings.clubName}. Aprecie com moderação. Venda proibida para menores de 18 anos.
      </p>
    </footer>
  );
}
