import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { DEFAULT_FAQ_CATEGORY, FAQ_CATEGORIES, FAQ_ITEMS } from '../../../shared/content/faq';
import { fillContent, whatsappHref } from '../../../shared/content/site';
import { FaqAccordion } from './FaqAccordion';
import { enhanceFaqFilter } from './faq-filter';
import { PageHead } from './PageHead';
import { PublicLayout } from './PublicLayout';
import { contentVars, usePublicSettings } from './settings';

/**
 * Every question is drawn, the default category's shown; the categories and the search are
 * faq-filter.ts's, wired once mounted — the page served without the app wires the same markup
 * (ADR 040), so the component keeps no state of its own.
 */
export function FaqPage() {
  const settings = usePublicSettings();
  const filterRef = useRef<HTMLDivElement>(null);
  useEffect(() => (filterRef.current ? enhanceFaqFilter(filterRef.current) : undefined), []);

  // Placeholders (price, club name) are filled first, so the search sees the text the visitor reads.
  const items = useMemo(() => {
    const vars = contentVars(settings);
    return FAQ_ITEMS.map((item) => ({
      ...item,
      question: fillContent(item.question, vars),
      answer: fillContent(item.answer, vars),
      hidden: item.category !== DEFAULT_FAQ_CATEGORY,
    }));
  }, [settings]);
  const categoryLabel = FAQ_CATEGORIES.find((entry) => entry.id === DEFAULT_FAQ_CATEGORY)?.label ?? '';

  return (
    <PublicLayout title="Perguntas Frequentes">
      <PageHead eyebrow="FAQ" title="Perguntas Frequentes">
        <p>Tudo o que você precisa saber sobre a confraria, a assinatura e os benefícios.</p>
      </PageHead>

      <div className="pub-section">
        <div ref={filterRef} className="pub-container pub-narrow faq-filter">
          <div className="faq-search" role="search">
            <label htmlFor="faq-search" className="field__label">
              Buscar nas perguntas
            </label>
            <input
              id="faq-search"
              type="search"
              className="field__input"
              placeholder="Ex.: cancelamento, PIX, degustação"
            />
          </div>

          <div className="faq-categories" role="group" aria-label="Categorias">
            {FAQ_CATEGORIES.map((entry) => {
              const count = items.filter((item) => item.category === entry.id).length;
              return (
                <button
                  key={entry.id}
                  type="button"
                  className="faq-category"
                  aria-pressed={entry.id === DEFAULT_FAQ_CATEGORY}
                  data-category={entry.id}
                  data-label={entry.label}
                >
                  {entry.label}
                  <span className="faq-category__count" aria-hidden="true">
                    {count}
                  </span>
                  <span className="sr-only">, {count} perguntas</span>
                </button>
              );
            })}
          </div>

          <h2 className="faq-heading" aria-live="polite">
            {categoryLabel}
          </h2>
          <FaqAccordion items={items} />
          <p className="empty-state faq-empty" hidden>
            Nenhuma pergunta encontrada. Tente outras palavras ou fale com a gente.
          </p>
          <div className="faq-help">
            <h2>Não encontrou sua resposta?</h2>
            <p>Nossa equipe responde em até 24 horas.</p>
            <div className="faq-help__actions">
              <Link to="/contato" className="btn btn--primary">
                Fale conosco
              </Link>
              <a
                href={whatsappHref(settings.whatsappNumber, 'Olá! Tenho uma dúvida sobre a confraria.')}
                className="btn btn--secondary"
                target="_blank"
                rel="noopener noreferrer"
              >
                Conversar no WhatsApp
              </a>
            </div>
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
