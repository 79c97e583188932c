/**
 * The frame of every public page: header with the club's name and navigation, the page, and the
 * footer with tagline, promises, contacts and legal links.
 */
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { FOOTER_PROMISES, TAGLINE, whatsappHref, displayPhone } from '../../../shared/content/site';
import { useDocumentTitle } from '../../lib/document-title';
import { usePublicSettings } from './settings';
import { SocialLinks } from './SocialLinks';
import './public.css';

const NAV = [
  { to: '/', label: 'Início' },
  { to: '/sobre-nos', label: 'Sobre Nós' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contato', label: 'Contato' },
] as const;

export function PublicLayout({ title, children }: { title?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="pub">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <PublicHeader />
      <main id="conteudo" className="pub-main" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicHeader() {
  const { clubName } = usePublicSettings();
  const [open, setOpen] = useState(false);
  return (
    <header className="pub-header">
      <div className="pub-header__inner">
        <Link to="/" className="pub-brand" onClick={() => setOpen(false)}>
          <img src="/icons/icon.svg" alt="" width="32" height="32" />
          <span>{clubName}</span>
        </Link>
        <button
          type="button"
          className="pub-menu-toggle"
          aria-expanded={open}
          aria-controls="pub-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true" className="pub-menu-toggle__bars" />
          Menu
        </button>
        <nav
          id="pub-nav"
          className={`pub-nav${open ? ' pub-nav--open' : ''}`}
          aria-label="Navegação principal"
        >
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="pub-nav__link"
                  activeProps={{ 'aria-current': 'page' }}
                  activeOptions={{ exact: true }}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/login" className="btn btn--sm pub-btn-outline" onClick={() => setOpen(false)}>
            Entrar
          </Link>
        </nav>
      </div>
    </header>
  );
}

function PublicFooter() {
  const settings = usePublicSettings();
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
              <Link to="/sobre-nos">Sobre Nós</Link>
            </li>
            <li>
              <Link to="/faq">Perguntas frequentes</Link>
            </li>
            <li>
              <Link to="/termos">Termos de Uso</Link>
            </li>
            <li>
              <Link to="/privacidade">Política de Privacidade</Link>
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
                WhatsApp {displayPhone(settings.whatsappNumber)}
              </a>
            </li>
            <li>
              <Link to="/contato">Fale conosco</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="pub-footer__promises">{FOOTER_PROMISES.join(' • ')}</p>
      <p className="pub-footer__legal">
        © {new Date().getFullYear()} {settings.clubName}. Aprecie com moderação. Venda proibida para menores
        de 18 anos.
      </p>
    </footer>
  );
}
