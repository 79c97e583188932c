/**
 * Lists that keep their place (ADR 034), on a small club written into the test database
 * the way the demo club looks: filters, search, sort and page in the address (reload, back, a
 * shared link, a bad value); the one table (sort headers, cards on a phone, e-mails that wrap only
 * at their dots and `@`); "Marcar como pago" asking first; the dashboard's shortcuts opening the
 * filtered lists and the records; the member's files pager. Axe at 390 and 1280 px throughout.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, openWritableDb, test } from './fixtures';
import { createSeededMember, logIn, logInAsAdmin } from './members';
import { DAY_MS } from '../src/shared/sao-paulo-time';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

function writableDb() {
  const db = openWritableDb();
  return db;
}

/** A word of letters only, unique to this run: the searches below find this test's rows alone. */
function runTag(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * 26)]).join('');
}

interface ClubRow {
  name: string;
  email: string;
  status: 'active' | 'pending' | 'expired';
  endInDays?: number;
}

/** Subscribers as the demo club has them (names, long e-mails, statuses, periods). */
function insertSubscribers(rows: ClubRow[]): string[] {
  const db = writableDb();
  const now = Date.now();
  const ids: string[] = [];
  try {
    const insert = db.prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
         subscription_start_date, subscription_end_date, referral_code, created_at, updated_at)
       values (?, ?, ?, '11987654321', ?, ?, 149700, ?, ?, ?, ?, ?)`,
    );
    rows.forEach((row, index) => {
      const id = randomUUID();
      ids.push(id);
      const end = row.endInDays === undefined ? null : now + row.endInDays * DAY_MS;
      insert.run(
        id,
        row.name,
        row.email,
        row.status,
        row.status === 'pending' ? 'paid' : 'paid',
        end === null ? null : end - 365 * DAY_MS,
        end,
        `L${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`,
        // Distinct creation instants a minute apart, the last row the newest (now): a list sorted
        // by creation puts it ahead of anything an earlier test wrote.
        now - (rows.length - 1 - index) * 60_000,
        now,
      );
    });
  } finally {
    db.close();
  }
  return ids;
}

async function expectAxeCleanAtBothWidths(page: Page) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await seriousA11yViolations(page), `${page.url()} at ${size.width} px`).toEqual([]);
  }
}

/** The page is no wider than the window (nothing hidden off-screen to the right). */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, page.url()).toBeLessThanOrEqual(widths.viewport);
}

// Each test walks several screens with axe at two widths.
test.describe.configure({ timeout: 180_000 });

const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test('the admin lists keep filters, search, sort and page in the address', async ({ page }) => {
  const tag = runTag();
  const rows: ClubRow[] = Array.from({ length: 13 }, (_, index) => ({
    // A long compound surname, as real clubs have: the 1280 px table must still fit the window.
    name: `Confrade ${tag} ${String(index + 1).padStart(2, '0')} Albuquerque-Wanderley`,
    email: `confrade.${String(index + 1).padStart(2, '0')}.${tag}@vinhedosdaserragaucha.com.br`,
    status: index < 3 ? 'pending' : 'active',
    endInDays: index < 3 ? undefined : 200,
  }));
  insertSubscribers(rows);

  await page.setViewportSize(DESKTOP);
  await logInAsAdmin(page);

  // A shared link with the approval queue's filter: the filter is applied (it was ignored).
  await page.goto(`/admin/subscribers?status=pending&search=${tag}`);
  const filters = page.getByRole('search', { name: 'Filtrar assinantes' });
  await expect(filters.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('pending');
  await expect(filters.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(tag);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  for (const row of rows.slice(0, 3))
    await expect(table.getByRole('button', { name: row.name, exact: true })).toBeVisible();

  // Sort and page from the address; a reload shows the same page.
  await page.goto(`/admin/subscribers?search=${tag}&sortBy=fullName&sortOrder=asc&page=2`);
  const pager = page.getByRole('navigation', { name: 'Páginas de assinantes' });
  await expect(pager).toContainText('Página 2 de 2');
  await expect(table.getByRole('button', { name: rows[10]!.name, exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.reload();
  await expect(pager).toContainText('Página 2 de 2');
  await expect(table.getByRole('button', { name: rows[12]!.name, exact: true })).toBeVisible();

  // A sort header: the order flips, the page goes back to the first; the back button returns.
  await table.getByRole('button', { name: 'Nome' }).click();
  await expect(table.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'descending');
  expect(searchParams(page)).toEqual({ search: tag, sortBy: 'fullName', sortOrder: 'desc' });
  await expect(table.getByRole('row').nth(1)).toContainText(rows[12]!.name);
  await page.goBack();
  await expect(pager).toContainText('Página 2 de 2');
  expect(searchParams(page)).toMatchObject({ sortOrder: 'asc', page: '2' });

  // Typing a search writes it to the address (the first page again).
  await filters.getByRole('searchbox', { name: 'Buscar' }).fill(`${tag} 07`);
  await expect(page).toHaveURL(new RegExp(`search=${tag}(\\+|%20)07`));
  await expect(table.getByRole('row')).toHaveCount(2);

  // Values the list does not accept fall back to the defaults: no error page.
  await page.goto('/admin/subscribers?status=bogus&page=-3&sortBy=nada&sortOrder=up&endingWithinDays=999');
  await expect(filters.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('all');
  await expect(filters.getByLabel('Ordenar por')).toHaveValue('createdAt');
  await expect(page.getByRole('table')).toBeVisible();

  // E-mails at 1280 px: a line breaks only before the @ or after a dot, never inside a word.
  await page.goto(`/admin/subscribers?search=${tag}`);
  await expect(table.getByRole('row')).toHaveCount(11);
  const badBreaks = await page.evaluate(() => {
    const bad: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('.sub-table__email')) {
      const text = element.textContent ?? '';
      const range = document.createRange();
      let previousTop: number | null = null;
      let offset = 0;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++, offset++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getClientRects()[0]?.top ?? null;
          if (previousTop !== null && top !== null && top > previousTop + 2) {
            const atBreak = text[offset] === '@' || text[offset - 1] === '.';
            if (!atBreak) bad.push(`${text} broken at ${offset}`);
          }
          if (top !== null) previousTop = top;
        }
      }
    }
    return bad;
  });
  expect(badBreaks).toEqual([]);
  await expectAxeCleanAtBothWidths(page);
  await expectNoHorizontalOverflow(page);

  // The other lists read the same names.
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/payments?status=failed&method=pix&sortBy=amount&sortOrder=asc');
  const paymentFilters = page.getByRole('search', { name: 'Filtrar pagamentos' });
  await expect(paymentFilters.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('failed');
  await expect(paymentFilters.getByRole('combobox', { name: 'Método', exact: true })).toHaveValue('pix');
  await expect(paymentFilters.getByLabel('Ordenar por')).toHaveValue('amount');
  await paymentFilters.getByRole('combobox', { name: 'Método', exact: true }).selectOption('credit_card');
  await expect(page).toHaveURL(/method=credit_card/);
  await page.goBack();
  await expect(paymentFilters.getByRole('combobox', { name: 'Método', exact: true })).toHaveValue('pix');

  await page.goto('/admin/referrals?status=confirmed&search=ninguem');
  const referralFilters = page.getByRole('search', { name: 'Filtrar indicações' });
  await expect(referralFilters.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(
    'confirmed',
  );
  await expect(referralFilters.getByLabel('Buscar')).toHaveValue('ninguem');

  await page.goto('/admin/drive?isPublic=false&type=pdf');
  await expect(page.getByLabel('Visibilidade')).toHaveValue('false');
  await expect(page.getByLabel('Tipo')).toHaveValue('pdf');

  await page.goto('/admin/outbox?status=failed&channel=email');
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('failed');
  await expect(page.getByRole('combobox', { name: 'Canal', exact: true })).toHaveValue('email');
  await page.getByRole('combobox', { name: 'Canal', exact: true }).selectOption('whatsapp');
  await expect(page).toHaveURL(/channel=whatsapp/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Canal', exact: true })).toHaveValue('whatsapp');
  await expectAxeCleanAtBothWidths(page);
});

test('the member lists fit a phone: cards, every figure in view', async ({ page }) => {
  const member = await createSeededMember(page.request, { name: 'Renata Cartões' });
  const tag = runTag();
  const [referredId] = insertSubscribers([
    {
      name: `Amigo ${tag} Indicado`,
      email: `amigo.indicado.${tag}@vinhedosdaserragaucha.com.br`,
      status: 'active',
      endInDays: 300,
    },
  ]);
  const db = writableDb();
  try {
    db.prepare(
      `insert into referrals (id, referrer_id, referred_id, referral_code, commission_amount, status,
         confirmed_at, created_at) values (?, ?, ?, 'CODIGO12', 14970, 'confirmed', ?, ?)`,
    ).run(randomUUID(), member.subscriberId, referredId, Date.now(), Date.now());
  } finally {
    db.close();
  }

  await page.setViewportSize(PHONE);
  await logIn(page, member.email);

  await page.goto('/user/payments');
  const amount = page.getByText('R$ 1.497,00');
  await expect(amount).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Pago');
  await expectNoHorizontalOverflow(page);
  for (const figure of [amount, page.locator('.member-badge').first()]) {
    const box = await figure.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expectAxeCleanAtBothWidths(page);

  await page.setViewportSize(PHONE);
  await page.goto('/user/referrals');
  const row = page.getByTestId('referral-row').filter({ hasText: `Amigo ${tag} Indicado` });
  await expect(row).toContainText('R$ 149,70');
  await expectNoHorizontalOverflow(page);
  await expectAxeCleanAtBothWidths(page);
});

test('"Marcar como pago" asks first with the amount and the referrer; the column is in view at 1280 px', async ({
  page,
}) => {
  const tag = runTag();
  const [referrerId, referredId] = insertSubscribers([
    {
      name: `Indicadora ${tag} Souza`,
      email: `indicadora.souza.${tag}@vinhedosdaserragaucha.com.br`,
      status: 'active',
      endInDays: 200,
    },
    {
      name: `Indicado ${tag} Lima`,
      email: `indicado.lima.${tag}@vinhedosdaserragaucha.com.br`,
      status: 'active',
      endInDays: 300,
    },
  ]);
  const referralId = randomUUID();
  const db = writableDb();
  try {
    db.prepare(
      `insert into referrals (id, referrer_id, referred_id, referral_code, commission_amount, status,
         confirmed_at, created_at) values (?, ?, ?, 'CODIGO34', 8970, 'confirmed', ?, ?)`,
    ).run(referralId, referrerId, referredId, Date.now(), Date.now());
  } finally {
    db.close();
  }
  const status = () =>
    e2eDb.query<{ status: string }>('select status from referrals where id = ?', referralId)[0]!.status;

  await page.setViewportSize(DESKTOP);
  await logInAsAdmin(page);
  await page.goto(`/admin/referrals?search=${tag}`);
  const row = page.getByTestId('admin-referral-row').filter({ hasText: `Indicadora ${tag} Souza` });
  const pay = row.getByRole('button', { name: 'Marcar como pago' });
  await expect(pay).toBeVisible();
  const box = await pay.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
  await expectNoHorizontalOverflow(page);

  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Marcar comissão como paga' });
  await expect(dialog).toContainText(
    `Confirmar o pagamento de R$ 89,70 de comissão a Indicadora ${tag} Souza pela indicação de Indicado ${tag} Lima?`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  expect(status()).toBe('confirmed');

  await pay.click();
  await dialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(page.getByText('Comissão marcada como paga')).toBeVisible();
  await expect(row).toContainText(/Pago em .* por Admin E2E/);
  expect(status()).toBe('paid');
  await expectAxeCleanAtBothWidths(page);
});

test('the dashboard shortcuts open the filtered lists and the records', async ({ page }) => {
  const tag = runTag();
  // The paid newcomer last, so the newest: the dashboard's queue shows the five newest, and earlier
  // tests leave paid checkouts of their own awaiting approval.
  const [farId, , pendingId] = insertSubscribers([
    {
      name: `Longe ${tag} Prado`,
      email: `longe.prado.${tag}@vinhedosdaserragaucha.com.br`,
      status: 'active',
      endInDays: 120,
    },
    {
      name: `Renovar ${tag} Campos`,
      email: `renovar.campos.${tag}@vinhedosdaserragaucha.com.br`,
      status: 'active',
      endInDays: 12,
    },
    {
      name: `Aprovar ${tag} Moraes`,
      email: `aprovar.moraes.${tag}@vinhedosdaserragaucha.com.br`,
      status: 'pending',
    },
  ]);
  const db = writableDb();
  try {
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         created_at, updated_at)
       values (?, ?, 'annual', 149700, 'failed', 'credit_card', 'sandbox', 'Assinatura anual - Confraria', ?, ?)`,
    ).run(randomUUID(), pendingId, Date.now(), Date.now());
    // A failure two months old is history, not work: the shortcut's list leaves it out.
    const old = Date.now() - 60 * 24 * 60 * 60 * 1000;
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         created_at, updated_at)
       values (?, ?, 'annual', 149700, 'failed', 'credit_card', 'sandbox', 'Assinatura anual - Confraria', ?, ?)`,
    ).run(randomUUID(), farId, old, old);
  } finally {
    db.close();
  }

  await page.setViewportSize(DESKTOP);
  await logInAsAdmin(page);
  const actions = page.getByRole('region', { name: 'Próximas ações' });

  await actions.getByRole('link', { name: /^Aprovar \d+ cadastro\(s\) pago\(s\)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers\?status=pending$/);
  const filters = page.getByRole('search', { name: 'Filtrar assinantes' });
  await expect(filters.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('pending');
  await expect(page.getByRole('button', { name: `Aprovar ${tag} Moraes`, exact: true })).toBeVisible();

  await page.goBack();
  // The renewal shortcut opens who would receive the link; the list of the same members is one link away.
  await actions.getByRole('button', { name: /^Enviar renovação para \d+ confrade\(s\)/ }).click();
  await page
    .getByRole('dialog', { name: 'Lembretes de renovação' })
    .getByRole('link', { name: 'Ver estes confrades na lista de assinantes' })
    .click();
  await expect(page).toHaveURL(/endingWithinDays=30/);
  await expect(page.getByText('Assinaturas ativas que vencem em até 30 dias.')).toBeVisible();
  await filters.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: `Renovar ${tag} Campos`, exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAxeCleanAtBothWidths(page);
  await page.setViewportSize(DESKTOP);

  await page.goto('/admin/dashboard');
  await actions.getByRole('link', { name: /^Revisar \d+ pagamento\(s\) com falha/ }).click();
  await expect(page).toHaveURL(/\/admin\/payments\?status=failed&createdWithinDays=30$/);
  const paymentFilters = page.getByRole('search', { name: 'Filtrar pagamentos' });
  await expect(paymentFilters.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('failed');
  await expect(page.getByText('Pagamentos criados nos últimos 30 dias.')).toBeVisible();
  await paymentFilters.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await expect(page.getByRole('table').getByText(`Aprovar ${tag} Moraes`)).toBeVisible();
  await expect(page.getByRole('table').getByText(`Longe ${tag} Prado`)).toHaveCount(0);
  // "Mostrar todos" drops the window: the old failure is there too.
  await page.getByRole('button', { name: 'Mostrar todos' }).click();
  await expect(page.getByRole('table').getByText(`Longe ${tag} Prado`)).toBeVisible();

  // A name in the approval queue opens that record; closing it keeps the list.
  await page.goto('/admin/dashboard');
  await page
    .getByRole('region', { name: 'Aguardando aprovação' })
    .getByRole('link', { name: `Aprovar ${tag} Moraes` })
    .click();
  await expect(page).toHaveURL(new RegExp(`view=${pendingId}`));
  const record = page.getByRole('dialog', { name: 'Assinante' });
  await expect(record).toContainText(`aprovar.moraes.${tag}@vinhedosdaserragaucha.com.br`);
  await page.keyboard.press('Escape');
  await expect(record).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/subscribers$/);

  await page.goto('/admin/dashboard');
  await expect(actions).toBeVisible();
  await expectAxeCleanAtBothWidths(page);
});

test('member files: no "Público" badge, the pager brings the list top into view and focus', async ({
  page,
}) => {
  const tag = runTag();
  const db = writableDb();
  try {
    const insert = db.prepare(
      `insert into drive_files (id, name, description, is_public, tags, type, mime, extension, size, url,
         original_name, uploaded_at) values (?, ?, '', 1, ?, 'pdf', 'application/pdf', 'pdf', 48213, ?, ?, ?)`,
    );
    for (let index = 0; index < 25; index++) {
      const id = randomUUID();
      insert.run(
        id,
        `Carta de vinhos ${tag} ${String(index + 1).padStart(2, '0')}`,
        JSON.stringify([tag]),
        `/api/drive/files/${id}`,
        'carta.pdf',
        Date.now() - index * 60_000,
      );
    }
  } finally {
    db.close();
  }
  const member = await createSeededMember(page.request, { name: 'Marta Arquivos' });
  await page.setViewportSize(PHONE);
  await logIn(page, member.email);
  await page.goto('/user/drive');
  await page.getByLabel('Buscar').fill(tag);
  const files = page.getByRole('list', { name: 'Arquivos' });
  await expect(files.locator('li.drive-card')).toHaveCount(20);
  await expect(files.getByText('Público', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Próxima' }).click();
  await expect(files.locator('li.drive-card')).toHaveCount(5);
  await expect(files).toBeFocused();
  const top = await files.boundingBox();
  expect(top!.y).toBeGreaterThanOrEqual(0);
  expect(top!.y).toBeLessThan(PHONE.height / 2);
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await expectNoHorizontalOverflow(page);
  await expectAxeCleanAtBothWidths(page);
});
