/**
 * The landing's content (docs/product/public-site-and-checkout.md §1–2): markup only, from plain settings text. The build
 * pre-renders it into the static landing with slot tokens for the settings (src/client/landing/);
 * the app renders it only where no pre-rendered landing is served (LandingPage.tsx).
 */
import {
  BENEFITS,
  CAROUSEL_INTERVAL_MS,
  CLUB_NUMBERS,
  HERO_SLIDES,
  LANDING,
  fillContent,
} from '../../../shared/content/site';
import { contentVars, type PublicSettingsText } from '../../../shared/public-settings';
import { AppHref } from './AppHref';
import { HeroCarousel } from './HeroCarousel';
import { SiteLink } from './SiteLink';
import { SocialLinks } from './SocialLinks';

export function LandingContent({ settings }: { settings: PublicSettingsText }) {
  const vars = contentVars(settings);
  const numbers = CLUB_NUMBERS.landing;

  return (
    <>
      <HeroCarousel slides={HERO_SLIDES} intervalMs={CAROUSEL_INTERVAL_MS} label="Momentos dos confrades">
        <p className="eyebrow eyebrow--light">Confraria por convite</p>
        <h1 className="hero__title">{LANDING.heroTitle}</h1>
        <p className="hero__text">{LANDING.heroText}</p>
        <div className="hero__actions">
          <AppHref href={settings.subscribeHref} className="btn pub-btn-gold">
            {LANDING.subscribeLabel}
          </AppHref>
          <AppHref href="/formulario-atualizacao" className="btn pub-btn-light">
            Já sou assinante
          </AppHref>
        </div>
      </HeroCarousel>

      <section className="pub-section" aria-labelledby="o-que-e">
        <div className="pub-container pub-split">
          <div>
            <p className="eyebrow">A confraria</p>
            <h2 id="o-que-e">{fillContent(LANDING.whatTitle, vars)}</h2>
            {LANDING.whatText.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          <ul className="pub-highlights">
            <li>
              <strong>Régua de entrada</strong>
              <span>Só convidados aprovados</span>
            </li>
            <li>
              <strong>Vagas limitadas</strong>
              <span>Moderação ativa</span>
            </li>
            <li>
              <strong>Resumo semanal</strong>
              <span>Em PDF, toda semana</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section--wine" aria-labelledby="quanto-custa">
        <div className="pub-container price">
          <p className="eyebrow eyebrow--light">Quanto custa</p>
          <h2 id="quanto-custa">{LANDING.priceTitle}</h2>
          <p className="price__amount">
            {settings.priceAnnual}
            <span>/ano</span>
          </p>
          <p className="price__note">{LANDING.priceNote}</p>
          <AppHref href={settings.subscribeHref} className="btn pub-btn-gold">
            Assinar agora
          </AppHref>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="mais-que-vinhos">
        <div className="pub-container">
          <p className="eyebrow">Benefícios</p>
          <h2 id="mais-que-vinhos">{LANDING.moreTitle}</h2>
          <ul className="benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="benefit">
                <h3>{fillContent(benefit.title, vars)}</h3>
                <p>{fillContent(benefit.text, vars)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section--ink" aria-labelledby="fundador">
        <div className="pub-container">
          <div className="founder">
            <p className="eyebrow eyebrow--light">Quem está por trás</p>
            <h2 id="fundador">{LANDING.founderTitle}</h2>
            <p>{LANDING.founderText}</p>
          </div>
          <dl className="stats">
            <div>
              <dt>no ranking de um app de avaliação de vinhos</dt>
              <dd>{numbers.ranking}</dd>
            </div>
            <div>
              <dt>vinhos avaliados</dt>
              <dd>{numbers.winesRated}</dd>
            </div>
            <div>
              <dt>países visitados</dt>
              <dd>{numbers.countries}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="redes">
        <div className="pub-container">
          <p className="eyebrow">Redes sociais</p>
          <h2 id="redes">{LANDING.socialTitle}</h2>
          <SocialLinks settings={settings} variant="section" />
        </div>
      </section>

      <section className="pub-section pub-section--closing" aria-labelledby="convite">
        <div className="pub-container closing">
          <h2 id="convite">{LANDING.closingTitle}</h2>
          <p>{LANDING.closingText}</p>
          <div className="hero__actions hero__actions--center">
            <AppHref href={settings.subscribeHref} className="btn pub-btn-gold">
              {LANDING.subscribeLabel}
            </AppHref>
            <SiteLink to="/login" className="btn pub-btn-light">
              Entrar
            </SiteLink>
          </div>
        </div>
      </section>
    </>
  );
}
