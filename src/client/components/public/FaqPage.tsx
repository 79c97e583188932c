import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DEFAULT_FAQ_CATEGORY, FAQ_CATEGORIES, FAQ_ITEMS } from '../../../shared/content/faq';
import { faqResultsHeading, shownFaqItems } from '../../../shared/content/faq-search';
import { fillContent, whatsappHref } from '../../../shared/content/site';
import { FaqAccordion } from './FaqAccordion';
import { PageHead } from './PageHead';
import { PublicLayout } from './PublicLayout';
import { contentVars, usePublicSettings } from './settings';

/**
 * The chosen category and the search are this component's state; every question is drawn, those
 * not shown `hidden`, so the page served without the app (ADR 040) has them all in its markup for
 * its own small script (faq-filter.ts), which shows the same ones (shownFaqItems).
 */
export function FaqPage() {
  const settings = usePublicSettings();
  const [category, setCategory] = useState<string>(DEFAULT_FAQ_CATEGORY);
  const [query, setQuery] = useState('');

  // Placeholders (price, club name) are filled first, so the search sees the text the visitor reads.
  const filled = useMemo(() => {
    const vars = contentVars(settings);
    return FAQ_ITEMS.map((item) => ({
      ...item,
      question: fillContent(item.question, vars),
      answer: fillContent(item.answer, vars),
    }));
  }, [settings]);
  const shown = new Set(shownFaqItems(filled, category, query));
  const items = filled.map((item) => ({ ...item, hidden: !shown.has(item) }));
  const searching = query.trim() !== '';
  const heading = searching
    ? faqResultsHeading(shown.size, query)
    : (FAQ_CATEGORIES.find((entry) => entry.id === category)?.label ?? '');

  return (
    <PublicLayout title="Perguntas Frequentes">
      <PageHead eyebrow="FAQ" title="Perguntas Frequentes">
        <p>Tudo o que você precisa saber sobre a confraria, a assinatura e os benefícios.</p>
      </PageHead>

      <div className="pub-section">
        <div className="pub-container pub-narrow faq-filter">
          <div className="faq-search" role="search">
            <label htmlFor="faq-search" className="field__label">
              Buscar nas perguntas
            </label>
            <input
              id="faq-search"
              type="search"
              className="field__input"
              placeholder="Ex.: cancelamento, PIX, degustação"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>

          <div className="faq-categories" role="group" aria-label="Categorias">
            {FAQ_CATEGORIES.map((entry) => {
              const count = filled.filter((item) => item.category === entry.id).length;
              return (
                <button
                  key={entry.id}
                  type="button"
                  className="faq-category"
                  aria-pressed={!searching && entry.id === category}
                  data-category={entry.id}
                  data-label={entry.label}
                  onClick={() => {
                    setCategory(entry.id);
                    setQuery('');
                  }}
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
            {heading}
          </h2>
          {/* A new list for each change: every answer starts closed. */}
          <FaqAccordion key={`${category}\u0000${query}`} items={items} />
          <p className="empty-state faq-empty" hidden={shown.size > 0}>
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
