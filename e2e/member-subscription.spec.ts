/**
 * The member's "Assinatura" page (ADR 017): a member who has paid nothing never reads "Valor pago";
 * after a renewal is paid the page thanks for it and offers no "Renovar agora". Axe clean at 390 and
 * 1280 px.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { formatDate } from '../src/shared/format';
import { seriousA11yViolations } from './a11y';
import { expect, openWritableDb, test } from './fixtures';
import { createSeededMember, logIn } from './members';
import { DAY_MS } from '../src/shared/sao-paulo-time';

/** Changes the test database as the club's history would have (a payment refused, a renewal paid). */
function inTestDb(change: (db: Database.Database) => void) {
  const db = openWritableDb();
  try {
    change(db);
  } finally {
    db.close();
  }
}

async function axeAtBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
}

test('a member who paid nothing sees no "Valor pago"', async ({ page, request }) => {
  const member = await createSeededMember(request, { name: 'Sem Pagamento' });
  inTestDb((db) => {
    db.prepare('delete from payments where subscriber_id = ?').run(member.subscriberId);
    db.prepare(
      `update subscribers set status = 'pending_payment', payment_status = 'pending', approved_at = null,
         approved_by = null, subscription_start_date = null, subscription_end_date = null where id = ?`,
    ).run(member.subscriberId);
  });
  await logIn(page, member.email);
  await page.goto('/user/subscription');
  const card = page.locator('.member-card', { has: page.getByRole('heading', { name: 'Minha assinatura' }) });
  await expect(card.getByText('Aguardando pagamento')).toBeVisible();
  await expect(page.getByText('Valor pago')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pagar agora' })).toBeVisible();
  await axeAtBothWidths(page, 'member-subscription-unpaid');
});

test('after a renewal is paid, the page thanks for it and offers no renewal', async ({ page, request }) => {
  // A year ago a first period; its renewal paid 20 days ago, 5 days before that period ended.
  const member = await createSeededMember(request, { name: 'Renovada Agora', endInDays: -15 });
  const firstEnd = member.end.getTime();
  const renewedEnd = firstEnd + 365 * DAY_MS;
  const paidAt = Date.now() - 20 * DAY_MS;
  inTestDb((db) => {
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         paid_at, previous_end_date, period_end_date, created_at, updated_at)
       values (?, ?, 'renewal', 89700, 'paid', 'pix', 'sandbox', 'Renovação anual - Confraria', ?, ?, ?, ?, ?)`,
    ).run(randomUUID(), member.subscriberId, paidAt, firstEnd, renewedEnd, paidAt, paidAt);
    db.prepare('update subscribers set subscription_end_date = ? where id = ?').run(
      renewedEnd,
      member.subscriberId,
    );
  });
  await logIn(page, member.email);
  await page.goto('/user/subscription');
  await expect(
    page.getByText(`Obrigado por renovar! Sua assinatura vai até ${formatDate(renewedEnd)}.`),
  ).toBeVisible();
  await expect(page.getByTestId('subscription-end')).toHaveText(formatDate(renewedEnd));
  await expect(page.getByText('Valor pago')).toBeVisible();
  await expect(page.getByText('R$ 897,00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renovar agora' })).toHaveCount(0);
  await axeAtBothWidths(page, 'member-subscription-renewed');
});
