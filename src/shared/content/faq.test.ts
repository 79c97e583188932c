import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FAQ_ITEMS, normalizeText, searchFaq } from './faq';

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
