/**
 * The public texts promise an invoice only when the club issues them: "Emissão de notas fiscais"
 * on and an invoice provider configured. Otherwise the landing, the FAQ and the terms promise the
 * receipt of every payment.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from '../../shared/content/faq';
import { RECEIPTS_ONLY, WITH_INVOICES } from '../../shared/content/invoice-wording';
import { TERMS_SECTIONS } from '../../shared/content/legal';
import { BENEFITS, fillContent } from '../../shared/content/site';
import { contentVars, publicSettingsText } from '../../shared/public-settings';
import { createTestApp, type TestApp } from '../../../tests/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function publicSettings(env: Record<string, string>, serviceInvoices: boolean) {
  t = await createTestApp(env);
  // Invoices are issued in the name of the club's CNPJ: the setting is on only with one.
  t.services.settings.update({ serviceInvoices, clubTaxId: '11.222.333/0001-81' });
  return t.caller().settings.public();
}

/** Every public sentence that speaks of invoices or receipts, as the pages print them. */
function publicTexts(settings: Awaited<ReturnType<typeof publicSettings>>): string {
  const vars = contentVars(publicSettingsText(settings));
  const faq = FAQ_ITEMS.map((item) => item.answer);
  const terms = TERMS_SECTIONS.flatMap((section) => [...section.paragraphs, ...(section.items ?? [])]);
  const landing = BENEFITS.flatMap((benefit) => [benefit.title, benefit.text]);
  return [...landing, ...faq, ...terms].map((text) => fillContent(text, vars)).join('\n');
}

describe('the public wording', () => {
  it('without an invoice provider, never promises an invoice, even with the setting on', async () => {
    const settings = await publicSettings({}, true);
    expect(settings.serviceInvoices).toBe(false);
    const text = publicTexts(settings);
    expect(text).not.toMatch(/nota fiscal/i);
    expect(text).toContain(RECEIPTS_ONLY.benefitTitle);
    expect(text).toContain(RECEIPTS_ONLY.faqAnswer);
    expect(text).toContain(RECEIPTS_ONLY.terms);
    expect(text).toContain('10% de cashback — com recibo de cada pagamento.');
  });

  it('with the sandbox of invoices but the setting off, promises receipts only', async () => {
    const settings = await publicSettings({ INVOICE_PROVIDER: 'sandbox' }, false);
    expect(settings.serviceInvoices).toBe(false);
    expect(publicTexts(settings)).not.toMatch(/nota fiscal/i);
  });

  it('with a provider and the setting on, says today’s text: everything with an invoice', async () => {
    const settings = await publicSettings({ INVOICE_PROVIDER: 'sandbox' }, true);
    expect(settings.serviceInvoices).toBe(true);
    const text = publicTexts(settings);
    expect(text).toContain('Tudo com nota fiscal');
    expect(text).toContain('Sim. Todas as cobranças da confraria são feitas com nota fiscal.');
    expect(text).toContain(
      'A confraria não armazena o número do cartão. Todas as cobranças são emitidas com nota fiscal.',
    );
    expect(text).toContain('10% de cashback — tudo com nota fiscal.');
    expect(text).toContain(WITH_INVOICES.benefitText);
    expect(text).not.toContain('{{');
  });

  it('the settings screen says which invoice provider is configured', async () => {
    t = await createTestApp({ INVOICE_PROVIDER: 'sandbox' });
    const { token } = await t.signIn('admin');
    const answer = await t.caller(token).settings.get();
    expect(answer.providers.invoice).toBe('sandbox');
    expect(answer.settings.serviceInvoices).toBe(false);
  });
});
