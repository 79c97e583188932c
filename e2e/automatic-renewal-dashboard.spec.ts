/**
 * The dashboard's renewal figures (docs/decisions/052-automatic-renewal.md) at 1280 px: renewals
 * due in 30 days split automatic vs manual, and the automatic renewals declined and in retry; each
 * opens the subscriber list filtered in the address (`?renewal=…`, ADR 034) with the members it
 * counted. Axe clean.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { expect, openWritableDb, test } from './fixtures';
import { logInAsAdmin } from './members';
import { DAY_MS } from '../src/shared/sao-paulo-time';

const DESKTOP = { width: 1280, height: 900 };

/** A word of letters only, unique to this run: the searches below find this test's rows alone. */
const runTag = () =>
  Array.from({ length: 8 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

interface Member {
  name: string;
  endInDays: number;
  automatic?: boolean;
  /** Charged on its date and declined, a retry ahead. */
  declined?: boolean;
}

/** Active members, their automatic renewal and its refused attempt, as the renewal pass leaves them. */
function insertMembers(tag: string, members: Member[]) {
  const db = openWritableDb();
  const now = Date.now();
  try {
    for (const member of members) {
      const id = randomUUID();
      const end = now + member.endInDays * DAY_MS;
      db.prepare(
        `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
           subscription_start_date, subscription_end_date, approved_at, referral_code, created_at, updated_at)
         values (?, ?, ?, '11987654321', 'active', 'paid', 149700, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        member.name,
        `${member.name.toLowerCase().replace(/\W+/g, '.')}@exemplo.com.br`,
        end - 365 * DAY_MS,
        end,
        end - 365 * DAY_MS,
        `R${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`,
        now,
        now,
      );
      if (!member.automatic) continue;
      db.prepare(
        `insert into automatic_renewals (subscriber_id, provider, provider_customer_id, provider_card_id,
           card_brand, card_last4, card_exp_month, card_exp_year, enabled, consent_at, consent_text, grace_until)
         values (?, 'sandbox', ?, ?, 'Visa', '1111', 12, 2030, 1, ?, 'Renovar automaticamente (${tag})', ?)`,
      ).run(id, `cus_${id}`, `card_${id}`, now, member.declined ? now + 3 * DAY_MS : null);
      if (!member.declined) continue;
      const paymentId = randomUUID();
      db.prepare(
        `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
           created_at, updated_at)
         values (?, ?, 'renewal', 149700, 'failed', 'credit_card', 'sandbox', 'Renovação anual - Confraria', ?, ?)`,
      ).run(paymentId, id, now, now);
      db.prepare(
        `insert into renewal_attempts (id, subscriber_id, period_end, attempt, payment_id) values (?, ?, ?, 1, ?)`,
      ).run(randomUUID(), id, end, paymentId);
    }
  } finally {
    db.close();
  }
}

async function expectAxeClean(page: Page) {
  expect(await seriousA11yViolations(page), page.url()).toEqual([]);
}

/** The figure a link shows ("3 renovações automáticas em até 30 dias" → 3). */
async function figureOf(link: Locator): Promise<number> {
  const text = (await link.textContent()) ?? '';
  return Number(/^([\d.]+)/.exec(text)?.[1]?.replace(/\./g, '') ?? NaN);
}

test('the renewal figures open the subscriber list filtered by how they renew', async ({ page }) => {
  // Three lists opened and checked with axe each: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const tag = runTag();
  insertMembers(tag, [
    { name: `Auto ${tag} Dez`, endInDays: 10, automatic: true },
    { name: `Manual ${tag} Vinte`, endInDays: 20 },
    { name: `Recusa ${tag} Amanha`, endInDays: 1, automatic: true, declined: true },
    { name: `Longe ${tag} Auto`, endInDays: 120, automatic: true },
  ]);

  await page.setViewportSize(DESKTOP);
  await logInAsAdmin(page);
  const renewals = page.getByRole('region', { name: 'Renovações' });
  const automatic = renewals.getByRole('link', { name: /^\d+ renovaç(ão|ões) automáticas? em até 30 dias$/ });
  const manual = renewals.getByRole('link', { name: /^\d+ renovaç(ão|ões) manua(l|is) em até 30 dias$/ });
  const retrying = renewals.getByRole('link', {
    name: /^\d+ renovaç(ão|ões) automáticas? recusadas?, em nova tentativa$/,
  });
  await expect(automatic).toBeVisible();
  await expect(manual).toBeVisible();
  await expect(retrying).toBeVisible();
  await expectAxeClean(page);
  const counts = {
    automatic: await figureOf(automatic),
    manual: await figureOf(manual),
    retrying: await figureOf(retrying),
  };
  // This test's members at least (the demo club's Helena and Otávio, and earlier tests', too).
  expect(counts.automatic).toBeGreaterThanOrEqual(2);
  expect(counts.manual).toBeGreaterThanOrEqual(1);
  expect(counts.retrying).toBeGreaterThanOrEqual(1);

  const filters = page.getByRole('search', { name: 'Filtrar assinantes' });
  const renewalSelect = filters.getByRole('combobox', { name: 'Renovação' });
  const table = page.getByRole('table');
  /** The list the figure opened: its total is the figure, and this test's members are `names`. */
  async function expectList(count: number, names: string[], absent: string[]) {
    await expect(page.getByRole('table', { name: `Assinantes: ${count} no total` })).toBeVisible();
    await expectAxeClean(page);
    await filters.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
    for (const name of names) await expect(table.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(names.length + 1);
    for (const name of absent) await expect(table.getByRole('button', { name, exact: true })).toHaveCount(0);
  }

  await automatic.click();
  await expect(page).toHaveURL(/\/admin\/subscribers\?.*renewal=automatic/);
  await expect(page).toHaveURL(/endingWithinDays=30/);
  await expect(renewalSelect).toHaveValue('automatic');
  await expect(page.getByText('Assinaturas ativas que vencem em até 30 dias.')).toBeVisible();
  await expectList(
    counts.automatic,
    [`Recusa ${tag} Amanha`, `Auto ${tag} Dez`],
    [`Manual ${tag} Vinte`, `Longe ${tag} Auto`],
  );

  await page.goto('/admin/dashboard');
  await manual.click();
  await expect(page).toHaveURL(/renewal=manual/);
  await expect(renewalSelect).toHaveValue('manual');
  await expectList(counts.manual, [`Manual ${tag} Vinte`], [`Auto ${tag} Dez`, `Recusa ${tag} Amanha`]);

  await page.goto('/admin/dashboard');
  await retrying.click();
  await expect(page).toHaveURL(/renewal=retrying/);
  await expect(renewalSelect).toHaveValue('retrying');
  await expectList(counts.retrying, [`Recusa ${tag} Amanha`], [`Auto ${tag} Dez`, `Longe ${tag} Auto`]);

  // The filter is the list's own: "Todas" drops it, and the far-off automatic member is back.
  await renewalSelect.selectOption('all');
  await expect(page).not.toHaveURL(/renewal=/);
  await expect(table.getByRole('button', { name: `Longe ${tag} Auto`, exact: true })).toBeVisible();
  await renewalSelect.selectOption('automatic');
  await expect(page).toHaveURL(/renewal=automatic/);
  await expect(table.getByRole('button', { name: `Longe ${tag} Auto`, exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: `Manual ${tag} Vinte`, exact: true })).toHaveCount(0);
});
