import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FAQ_ITEMS, normalizeText, searchFaq } from './faq';
import { faqResultsHeading, shownFaqItems } from './faq-search';

describe('FAQ content', () => {
  it('has items in each of the five categories, with unique ids', () => {
    for (const { id } of FAQ_CATEGORIES)
      expect(FAQ_ITEMS.filter((i) => i.category === id).length).toBeGreaterThan(0);
    expect(new Set(FAQ_ITEMS.map((i) => i.id)).size).toBe(FAQ_ITEMS.length);
  });

  it('records the monthly plan, the chat-server community and the monthly tastings (docs/product/decisions.md §4)', () => {
    const text = FAQ_ITEMS.map((i) => i.answer).join(' ');
    expect(text).toContain('{{monthlyPrice}}');
    expect(text).toContain('servidor de chat');
    expect(text).toContain('degustações mensais');
  });
});

describe('normalizeText', () => {
  it('drops accents, case and extra spaces', () => {
    expect(normalizeText('  Degustação   MENSAL ')).toBe('degustacao mensal');
    expect(normalizeText('Benefícios à vista')).toBe('beneficios a vista');
  });
});

describe('searchFaq', () => {
  const items = [
    { question: 'Vocês fazem degustações?', answer: 'Sim, todo mês.' },
    { question: 'Posso cancelar?', answer: 'Sim, sem reembolso proporcional.' },
    { question: 'Formas de pagamento', answer: 'Cartão de crédito ou PIX.' },
  ];

  it('matches questions and answers without regard to accents or case', () => {
    expect(searchFaq(items, 'DEGUSTACOES')).toEqual([items[0]]);
    expect(searchFaq(items, 'credito')).toEqual([items[2]]);
    expect(searchFaq(items, 'Crédito')).toEqual([items[2]]);
  });

  it('requires every word of the query', () => {
    expect(searchFaq(items, 'sim reembolso')).toEqual([items[1]]);
    expect(searchFaq(items, 'sim pix')).toEqual([]);
  });

  it('returns everything for a blank query', () => {
    expect(searchFaq(items, '   ')).toEqual(items);
  });
});

describe('shownFaqItems', () => {
  const items = [
    { category: 'geral', question: 'Vocês fazem degustações?', answer: 'Sim, todo mês.' },
    { category: 'pagamento', question: 'Formas de pagamento', answer: 'Cartão de crédito ou PIX.' },
    { category: 'geral', question: 'Onde fica?', answer: 'Pagamento no local não existe.' },
  ];

  it('shows the chosen category while the search box is empty', () => {
    expect(shownFaqItems(items, 'geral', '  ')).toEqual([items[0], items[2]]);
    expect(shownFaqItems(items, 'pagamento', '')).toEqual([items[1]]);
  });

  it('searches every category while the search box has text', () => {
    expect(shownFaqItems(items, 'geral', 'pagamento')).toEqual([items[1], items[2]]);
  });
});

describe('faqResultsHeading', () => {
  it('counts the results in Portuguese, singular and plural', () => {
    expect(faqResultsHeading(1, ' PIX ')).toBe('1 resultado para “PIX”');
    expect(faqResultsHeading(0, 'xilofone')).toBe('0 resultados para “xilofone”');
  });
});
