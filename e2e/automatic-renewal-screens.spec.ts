/**
 * Automatic renewal's screens (ADR 052): the owner offers it in Configurações (notice days and
 * retry schedule); a member whose card is on file turns it on and off in one click in "Minha
 * Assinatura" at 390 and 1280 px, reading the card, the amount and the date; the states without a
 * switch say why; the admin reads the record's section (card, consent, attempts, notices sent at 390 and 1280 px) and turns a
 * member's renewal off after confirming; a member renews by card on the sandbox with the renewal
 * card's box ticked (390 px) and finds it on. Members are made as other specs make them, and the card a
 * paid card checkout leaves is written as the sandbox would write it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  AUTOMATIC_RENEWAL_MSG,
  checkoutConsentSentence,
  consentSentence,
} from '../src/shared/automatic-renewal';
import { SETTINGS_DEFAULTS, SETTINGS_MSG } from '../src/shared/content/settings-defaults';
import { formatDate, formatLongDate, formatMoney } from '../src/shared/format';
import { DAY_MS, saoPauloDayStart } from '../src/shared/sao-paulo-time';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, openWritableDb, payWithTestCard, test } from './fixtures';
import { createSeededMember, logIn, logInAsAdmin, type SeededMember } from './members';

const VISA = { brand: 'Visa', last4: '1111' };
const SAVED = 'Configurações salvas com sucesso!';

/** The club's renewal price as the server reads it (a spec before this one may have changed it). */
function renewalPrice(): number {
  const [row] = e2eDb.query<{ value: string }>("select value from settings where key = 'priceRenewal'");
  return row ? (JSON.parse(row.value) as number) : SETTINGS_DEFAULTS.priceRenewal;
}

/** The card a paid card checkout on the sandbox leaves on file, optionally already agreed to. */
function saveCard(
  member: SeededMember,
  card: { expMonth: number; expYear: number; consentText?: string },
): void {
  const db = openWritableDb();
  try {
    const now = Date.now();
    db.prepare(
      `insert into automatic_renewals (subscriber_id, provider, provider_customer_id, provider_card_id,
         card_brand, card_last4, card_exp_month, card_exp_year, card_saved_at, enabled, consent_at,
         consent_text, created_at, updated_at)
       values (?, 'sandbox', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      member.subscriberId,
      `cus_${member.subscriberId}`,
      `card_${member.subscriberId}`,
      VISA.brand,
      VISA.last4,
      card.expMonth,
      card.expYear,
      now,
      card.consentText ? 1 : 0,
      card.consentText ? now : null,
      card.consentText ?? null,
      now,
      now,
    );
  } finally {
    db.close();
  }
}

/** A renewal charged on the date and refused by the card, as the renewal pass leaves it. */
function declinedAttempt(member: SeededMember, amount: number): void {
  const db = openWritableDb();
  try {
    const now = Date.now();
    const paymentId = randomUUID();
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         failure_reason, card_brand, card_last4, created_at, updated_at)
       values (?, ?, 'renewal', ?, 'failed', 'credit_card', 'sandbox', 'Renovação anual - Confraria',
         'Cartão recusado', ?, ?, ?, ?)`,
    ).run(paymentId, member.subscriberId, amount, VISA.brand, VISA.last4, now, now);
    db.prepare(
      `insert into renewal_attempts (id, subscriber_id, period_end, attempt, payment_id, created_at)
       values (?, ?, ?, 1, ?, ?)`,
    ).run(randomUUID(), member.subscriberId, member.end.getTime(), paymentId, now);
  } finally {
    db.close();
  }
}

/** The notice before the date, as the renewal pass leaves it in the member's history (e-mail and WhatsApp). */
function noticeSent(member: SeededMember, at: Date): void {
  const db = openWritableDb();
  try {
    db.prepare(
      `insert into subscriber_activity (id, subscriber_id, event, actor_kind, details, created_at)
       values (?, ?, 'automatic_renewal_notice', 'system', ?, ?)`,
    ).run(
      randomUUID(),
      member.subscriberId,
      JSON.stringify({
        periodEnd: member.end.toISOString(),
        amount: renewalPrice(),
        channels: ['email', 'whatsapp'],
      }),
      at.getTime(),
    );
  } finally {
    db.close();
  }
}

const chargeDay = (member: SeededMember) => saoPauloDayStart(member.end, -1);
const sentenceFor = (member: SeededMember) => consentSentence(VISA, renewalPrice(), chargeDay(member));

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
}

async function setClubRenewal(page: Page, values: { on: boolean; notice: string; retries: string }) {
  await page.goto('/admin/settings');
  const offer = page.getByRole('checkbox', { name: /Oferecer a renovação automática/ });
  await offer.setChecked(values.on);
  await page.getByLabel('Aviso antes da cobrança (dias)').fill(values.notice);
  await page.getByLabel('Novas tentativas após recusa (dias depois da data)').fill(values.retries);
  await saveSettings(page);
  await expect(page.getByText(SAVED).first()).toBeVisible();
}

test.describe.serial('automatic renewal screens', () => {
  test.afterAll(async ({ browser }) => {
    // Other specs expect the club's defaults: automatic renewal off, 7 days, 1, 3, 7.
    const page = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await logInAsAdmin(page);
    await setClubRenewal(page, { on: false, notice: '7', retries: '1, 3, 7' });
    await page.close();
  });

  test('Configurações: the club offers it, with notice days and a retry schedule; bad values are refused in Portuguese', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInAsAdmin(page);
    await page.goto('/admin/settings');
    const offer = page.getByRole('checkbox', { name: /Oferecer a renovação automática/ });
    const notice = page.getByLabel('Aviso antes da cobrança (dias)');
    const retries = page.getByLabel('Novas tentativas após recusa (dias depois da data)');
    await expect(offer).not.toBeChecked();
    await expect(notice).toHaveValue('7');
    await expect(retries).toHaveValue('1, 3, 7');

    await offer.check();
    await notice.fill('45');
    await retries.fill('7, 3');
    await saveSettings(page);
    await expect(page.getByText(SETTINGS_MSG.noticeDaysInvalid)).toBeVisible();
    await expect(page.getByText(SETTINGS_MSG.retryDaysInvalid)).toBeVisible();
    await expect(page.getByText('Há alterações não salvas.')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await notice.fill('10');
    await retries.fill('2, 4 8');
    await saveSettings(page);
    await expect(page.getByText(SAVED).first()).toBeVisible();
    await expect(retries).toHaveValue('2, 4, 8');

    await page.reload();
    await expect(offer).toBeChecked();
    await expect(notice).toHaveValue('10');
    await expect(retries).toHaveValue('2, 4, 8');
    const stored = e2eDb.query<{ key: string; value: string }>(
      "select key, value from settings where key like 'automaticRenewal%' order by key",
    );
    expect(stored).toEqual([
      { key: 'automaticRenewal', value: 'true' },
      { key: 'automaticRenewalNoticeDays', value: '10' },
      { key: 'automaticRenewalRetryDays', value: '[2,4,8]' },
    ]);
  });

  test('Minha Assinatura: the member turns it on and off in one click, at 390 and 1280 px', async ({
    page,
  }) => {
    const member = await createSeededMember(page.request, { name: 'Regina Renova', endInDays: 200 });
    saveCard(member, { expMonth: 12, expYear: 2035 });
    const sentence = sentenceFor(member);
    await logIn(page, member.email);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/user/subscription');
      const section = page.getByRole('region', { name: 'Renovação automática' });
      const facts = section.getByTestId('automatic-renewal-facts');
      await expect(facts).toContainText('Visa final 1111, validade 12/2035');
      await expect(facts).toContainText(formatMoney(renewalPrice()));
      await expect(facts).toContainText(`Próxima cobrança${formatLongDate(chargeDay(member))}`);

      const toggle = section.getByRole('switch', { name: sentence });
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      await expect(
        section.getByRole('status').filter({ hasText: AUTOMATIC_RENEWAL_MSG.turnedOn }),
      ).toBeVisible();
      await expect(toggle).toBeChecked();
      await expect(section.getByText(`Ligada por você em ${formatDate(new Date())}.`)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `overflow at ${width}px`).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
      const [consent] = e2eDb.query<{ enabled: number; consent_text: string }>(
        'select enabled, consent_text from automatic_renewals where subscriber_id = ?',
        member.subscriberId,
      );
      expect(consent).toEqual({ enabled: 1, consent_text: sentence });

      await toggle.click();
      await expect(
        section.getByRole('status').filter({ hasText: AUTOMATIC_RENEWAL_MSG.turnedOff }),
      ).toBeVisible();
      await expect(toggle).not.toBeChecked();
      const [off] = e2eDb.query<{ enabled: number; disabled_by: string }>(
        'select enabled, disabled_by from automatic_renewals where subscriber_id = ?',
        member.subscriberId,
      );
      expect(off).toEqual({ enabled: 0, disabled_by: 'member' });
    }
  });

  test('Minha Assinatura: no card, or a card that expires first, says why instead of a switch', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Both made before anyone signs in: registering is for visitors.
    const noCard = await createSeededMember(page.request, { name: 'Nuno Semcartão' });
    const expiring = await createSeededMember(page.request, { name: 'Vera Vencida', endInDays: 200 });
    const soon = new Date();
    saveCard(expiring, { expMonth: soon.getMonth() + 1, expYear: soon.getFullYear() });

    await logIn(page, noCard.email);
    await page.goto('/user/subscription');
    const section = page.getByRole('region', { name: 'Renovação automática' });
    await expect(section.getByText(AUTOMATIC_RENEWAL_MSG.noCard)).toBeVisible();
    await expect(section.getByRole('switch')).toHaveCount(0);

    await page.context().clearCookies();
    await logIn(page, expiring.email);
    await page.goto('/user/subscription');
    await expect(section.getByText(AUTOMATIC_RENEWAL_MSG.cardExpires('Visa final 1111'))).toBeVisible();
    await expect(section.getByRole('switch')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the subscriber record: card, consent, attempts and notices; the admin turns it off after confirming', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const member = await createSeededMember(page.request, { name: 'Otília Recusada', endInDays: 120 });
    const sentence = sentenceFor(member);
    saveCard(member, { expMonth: 12, expYear: 2035, consentText: sentence });
    declinedAttempt(member, renewalPrice());
    const noticeAt = new Date(Date.now() - 3 * DAY_MS);
    noticeSent(member, noticeAt);

    await logInAsAdmin(page);
    await page.goto('/admin/subscribers');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(member.email);
    await page.getByRole('button', { name: 'Otília Recusada', exact: true }).click();
    const view = page.getByRole('dialog', { name: 'Assinante' });
    const section = view.getByRole('region', { name: 'Renovação automática' });
    const record = section.getByTestId('automatic-renewal-record');
    await expect(record).toContainText(`Renova automaticamenteSim, ligada em ${formatDate(new Date())}`);
    await expect(record).toContainText('CartãoVisa final 1111, validade 12/2035');
    await expect(record).toContainText(`Texto aceito${sentence}`);
    // Declined on the date: the next try follows the schedule saved above (2 days after the date).
    await expect(record).toContainText(
      `Nova tentativa${formatMoney(renewalPrice())} em ${formatDate(saoPauloDayStart(member.end, 1))}`,
    );
    const attempts = section.getByRole('table', { name: 'Tentativas de cobrança automática' });
    await expect(attempts.getByRole('row').nth(1)).toContainText(
      `Cobrança${formatDate(member.end)}${formatMoney(renewalPrice())}Recusado — Cartão recusado`,
    );
    const notices = section.getByRole('table', { name: 'Avisos enviados' });
    const noticeRow = `${formatDate(noticeAt)}Aviso de renovação${formatDate(member.end)}E-mail e WhatsApp`;
    await expect(notices.getByRole('row').nth(1)).toHaveText(noticeRow);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // At 390 px the table scrolls inside its frame; the page itself does not widen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notices.getByRole('row').nth(1)).toHaveText(noticeRow);
    await notices.getByRole('row').nth(1).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await section.getByRole('button', { name: 'Desligar renovação automática' }).click();
    await expect(
      section.getByText(
        'Desligar a renovação automática deste assinante? Nenhuma cobrança automática será feita e ele é avisado por email. Só o próprio assinante pode ligá-la de novo.',
      ),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Confirmar desligamento' }).click();
    await expect(page.getByText(AUTOMATIC_RENEWAL_MSG.turnedOff)).toBeVisible();
    await expect(record).toContainText('Renova automaticamenteNão, desligada pela administração em');
    await expect(section.getByRole('button', { name: 'Desligar renovação automática' })).toHaveCount(0);
    // The member was told by e-mail: the newest notice.
    await expect(notices.getByRole('row').nth(1)).toHaveText(
      `${formatDate(new Date())}Renovação automática desligada${formatDate(member.end)}E-mail`,
    );
    const [row] = e2eDb.query<{ enabled: number; disabled_by: string }>(
      'select enabled, disabled_by from automatic_renewals where subscriber_id = ?',
      member.subscriberId,
    );
    expect(row).toEqual({ enabled: 0, disabled_by: 'admin' });
  });

  test('renewing by card with the box ticked at 390 px: "Minha Assinatura" then shows it on', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const member = await createSeededMember(page.request, { name: 'Renato Marcado', endInDays: 20 });
    // The end date this renewal buys (a year after the current one) and its charge day.
    const bought = new Date(member.end.getTime() + 365 * DAY_MS);
    const boxSentence = checkoutConsentSentence(renewalPrice(), saoPauloDayStart(bought, -1));
    await logIn(page, member.email);
    await page.goto('/user/subscription');
    const box = page.getByRole('checkbox', { name: boxSentence });
    await expect(box).not.toBeChecked();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await box.check();
    await page.getByRole('button', { name: 'Renovar agora' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));
    await payWithTestCard(page);
    await expect(page.getByText('Obrigado por renovar!')).toBeVisible();

    await page.goto('/user/subscription');
    const section = page.getByRole('region', { name: 'Renovação automática' });
    await expect(section.getByRole('switch', { name: boxSentence })).toBeChecked();
    await expect(section.getByTestId('automatic-renewal-facts')).toContainText(
      'Visa final 1111, validade 12/2030',
    );
    await expect(section.getByText(`Ligada por você em ${formatDate(new Date())}.`)).toBeVisible();
    const [row] = e2eDb.query<{ enabled: number; consent_text: string; card_last4: string }>(
      'select enabled, consent_text, card_last4 from automatic_renewals where subscriber_id = ?',
      member.subscriberId,
    );
    expect(row).toEqual({ enabled: 1, consent_text: boxSentence, card_last4: '1111' });
  });

  test('club off: the member reads that the club does not offer it, and no switch', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const member = await createSeededMember(page.request, { name: 'Clara Semoferta', endInDays: 200 });
    saveCard(member, { expMonth: 12, expYear: 2035 });
    await logInAsAdmin(page);
    await setClubRenewal(page, { on: false, notice: '7', retries: '1, 3, 7' });
    await page.context().clearCookies();

    await logIn(page, member.email);
    await page.goto('/user/subscription');
    const section = page.getByRole('region', { name: 'Renovação automática' });
    await expect(section.getByText(AUTOMATIC_RENEWAL_MSG.clubOff)).toBeVisible();
    await expect(section.getByRole('switch')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
