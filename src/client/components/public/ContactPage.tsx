import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { FAQ_ITEMS } from '../../../shared/content/faq';
import { CONTACT_PAGE, displayPhone, fillContent, whatsappHref } from '../../../shared/content/site';
import { ContactForm } from './ContactForm';
import { FaqAccordion } from './FaqAccordion';
import { PageHead } from './PageHead';
import { PublicLayout } from './PublicLayout';
import { contentVars, usePublicSettings } from './settings';

export function ContactPage() {
  const settings = usePublicSettings();
  const faq = useMemo(() => {
    const vars = contentVars(settings);
    return CONTACT_PAGE.faqIds.flatMap((id) => {
      const item = FAQ_ITEMS.find((candidate) => candidate.id === id);
      return item
        ? [{ id, question: fillContent(item.question, vars), answer: fillContent(item.answer, vars) }]
        : [];
    });
  }, [settings]);

  return (
    <PublicLayout title="Contato">
      <PageHead eyebrow="Contato" title={CONTACT_PAGE.title}>
        <p>{CONTACT_PAGE.intro}</p>
      </PageHead>

      <div className="pub-section">
        <div className="pub-container contact">
          <section className="card contact__form" aria-labelledby="form-title">
            <ContactForm recipient={settings.contactEmail} whatsappNumber={settings.whatsappNumber} />
          </section>

          <aside className="contact__aside" aria-label="Outras formas de contato">
            <section className="contact__box">
              <h2>Fale direto com a gente</h2>
              <ul className="contact__channels">
                <li>
                  <span className="contact__label">E-mail</span>
                  <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
                </li>
                <li>
                  <span className="contact__label">WhatsApp</span>
                  <a href={whatsappHref(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer">
                    {displayPhone(settings.whatsappNumber)}
                  </a>
                </li>
                <li>
                  <span className="contact__label">Instagram</span>
                  <a href={settings.instagramUrl} target="_blank" rel="noopener noreferrer">
                    {settings.instagramHandle}
                  </a>
                </li>
              </ul>
              <p className="contact__note">
                {CONTACT_PAGE.replyTime}
                <br />
                {CONTACT_PAGE.weekdayHours}
              </p>
            </section>

            <section className="contact__box">
              <h2>Horário de atendimento</h2>
              <dl className="hours">
                {CONTACT_PAGE.openingHours.map((row) => (
                  <div key={row.day}>
                    <dt>{row.day}</dt>
                    <dd>{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </aside>
        </div>
      </div>

      <section className="pub-section pub-section--soft" aria-labelledby="duvidas">
        <div className="pub-container pub-narrow">
          <h2 id="duvidas">Dúvidas frequentes</h2>
          <FaqAccordion items={faq} />
          <p className="pub-more">
            <Link to="/faq">Ver todas as perguntas frequentes</Link>
          </p>
        </div>
      </section>
    </PublicLayout>
  );
}
