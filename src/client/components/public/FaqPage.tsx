import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  DEFAULT_FAQ_CATEGORY,
  FAQ_CATEGORIES,
  FAQ_ITEMS,
  searchFaq,
  type FaqCategory,
} from '../../../shared/content/faq';
import { fillContent, whatsappHref } from '../../../shared/content/site';
import { FaqAccordion } from './FaqAccordion';
import { PageHead } from './PageHead';
import { PublicLayout } from './PublicLayout';
import { contentVars, usePublicSettings } from './settings';

export function FaqPage() {
  const settings = usePublicSettings();
  const [category, setCategory] = useState<FaqCategory>(DEFAULT_FAQ_CATEGORY);
  const [query, setQuery] = useState('');

  // Placeholders (price, club name) are filled first, so the search sees the text the visitor reads.
  const items = useMemo(() => {
    const vars = contentVars(settings);
    return FAQ_ITEMS.map((item) => ({
      ...item,
      question: fillContent(item.question, vars),
      answer: fillContent(item.answer, vars),
    }));
  }, [settings]);

  const searching = query.trim() !== '';
  const shown = searching ? searchFaq(items, query) : items.filter((item) => item.category === category);
  const categoryLabel = FAQ_CATEGORIES.find((entry) => entry.id === category)?.label ?? '';

  return (
    <PublicLayout title="Perguntas Frequentes">
      <PageHead eyebrow="FAQ" title="Perguntas Frequentes">
        <p>Tudo o que você precisa saber sobre a confraria, a assinatura e os benefícios.</p>
      </PageHead>

      <div className="pub-section">
        <div className="pub-container pub-narrow">
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
              const count = items.filter((item) => item.category === entry.id).length;
              const active = !searching && entry.id === category;
              return (
                <button
                  key={entry.id}
                  type="button"
                  className="faq-category"
                  aria-pressed={active}
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
            {searching
              ? `${shown.length} ${shown.length === 1 ? 'resultado' : 'resultados'} para “${query.trim()}”`
              : categoryLabel}
          </h2>
          {shown.length > 0 ? (
            // Keyed by the list shown, so switching category or search starts with every answer closed.
            <FaqAccordion key={searching ? `q:${query}` : category} items={shown} />
          ) : (
            <p className="empty-state">
              Nenhuma pergunta encontrada. Tente outras palavras ou fale com a gente.
            </p>
          )}

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
