/**
 * Commissions paid in one batch (ADR 046), at 390 and 1280 px, axe clean: a member types the PIX
 * key for commissions in Indicações (the type shown as it is typed, the CPF-or-phone choice, the
 * current password), then the owner opens "Pagar comissões em lote": the referrers with a key and
 * their amounts, the one without a key listed apart, one confirmation naming the total and the
 * count, each commission paid with the same date, and the bank's CSV downloaded.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, PHONE, runTag } from './demo-club';
import { e2eDb, expect, openWritableDb, test } from './fixtures';
import { createSeededMember, logIn, logInAsAdmin, type SeededMember } from './members';

test.describe.configure({ timeout: 180_000 });

async function expectAxeClean(page: Page, label: string) {
  expect(await seriousA11yViolations(page), `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** A referred member who paid, and the referrer's confirmed commission for it. */
function confirmedCommission(referrer: SeededMember, amount: number, tag: string): string {
  const db = openWritableDb();
  const now = Date.now();
  try {
    const referredId = randomUUID();
    db.prepare(
      `insert into subscribers (id, name, email, status, payment_status, referral_code, referred_by, created_at, updated_at)
       values (?, ?, ?, 'active', 'paid', ?, ?, ?, ?)`,
    ).run(
      referredId,
      `Indicado ${tag} ${referredId.slice(0, 4)}`,
      `indicado.${referredId}@exemplo.com.br`,
      `R${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`,
      referrer.subscriberId,
      now,
      now,
    );
    const id = randomUUID();
    db.prepare(
      `insert into referrals (id, referrer_id, referred_id, referral_code, commission_amount, status, confirmed_at, created_at, updated_at)
       values (?, ?, ?, 'E2E', ?, 'confirmed', ?, ?, ?)`,
    ).run(id, referrer.subscriberId, referredId, amount, now, now, now);
    return id;
  } finally {
    db.close();
  }
}

/** What the batch will pay: every confirmed commission whose referrer has a key (earlier runs' too). */
function dueWithKey(): { count: number; total: number } {
  return e2eDb.query<{ count: number; total: number }>(
    `select count(*) count, coalesce(sum(r.commission_amount), 0) total from referrals r
       join subscribers s on s.id = r.referrer_id
      where r.status = 'confirmed' and s.payout_pix_key is not null`,
  )[0]!;
}

const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

for (const size of [PHONE, DESKTOP]) {
  test(`a member types a PIX key and the owner pays the batch with its CSV, at ${size.width} px`, async ({
    page,
    browser,
  }) => {
    const tag = runTag();
    const ana = await createSeededMember(page.request, { name: `Ana ${tag} Pix` });
    const bruno = await createSeededMember(page.request, { name: `Bruno ${tag} Chave` });
    const carla = await createSeededMember(page.request, { name: `Carla ${tag} Semchave` });
    const anaCommissions = [confirmedCommission(ana, 14970, tag), confirmedCommission(ana, 8970, tag)];
    const brunoCommission = confirmedCommission(bruno, 14970, tag);
    const carlaCommission = confirmedCommission(carla, 14970, tag);
    const db = openWritableDb();
    try {
      db.prepare(
        `update subscribers set payout_pix_key = ?, payout_pix_key_type = 'email', payout_pix_key_updated_at = ? where id = ?`,
      ).run(`bruno.${tag}@exemplo.com.br`, Date.now(), bruno.subscriberId);
    } finally {
      db.close();
    }

    // The member types a key that reads as a CPF and as a phone, and chooses.
    await page.setViewportSize(size);
    await logIn(page, ana.email);
    await page.goto('/user/referrals');
    // The first page of a run may wait for a cold server on a busy machine.
    await expect(page.getByRole('heading', { name: 'Chave PIX para receber comissões' })).toBeVisible({
      timeout: 30_000,
    });
    const card = page.locator('form', {
      has: page.getByRole('heading', { name: 'Chave PIX para receber comissões' }),
    });
    await expect(card.getByTestId('payout-pix-key')).toContainText('Você ainda não informou uma chave PIX');
    await card.getByLabel('Chave PIX').fill('11 91008-6304');
    await expect(card.getByText('Tipo de chave: CPF ou telefone')).toBeVisible();
    await card.getByRole('radio', { name: 'Telefone +55 11 91008-6304' }).check();
    await card.getByLabel('Senha atual').fill('senha-errada');
    await card.getByRole('button', { name: 'Salvar chave PIX' }).click();
    await expect(card.getByRole('alert')).toContainText('Senha atual incorreta');
    await card.getByLabel('Senha atual').fill('Taca-Rubi-Adega');
    await card.getByRole('button', { name: 'Salvar chave PIX' }).click();
    await expect(card.getByText('Chave PIX salva. Suas próximas comissões serão pagas nela.')).toBeVisible();
    await expect(card.getByTestId('payout-pix-key')).toContainText('Telefone +55 11 91008-6304');
    await expectAxeClean(page, 'Indicações with the PIX key');
    expect(e2eDb.outboxFor(ana.email).map((row) => row.template)).toContain('account_security');

    // The owner pays the batch.
    const due = dueWithKey();
    const adminContext = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      acceptDownloads: true,
    });
    const admin = await adminContext.newPage();
    await admin.setViewportSize(size);
    await logInAsAdmin(admin);
    await admin.goto('/admin/referrals');
    await admin.getByRole('button', { name: 'Pagar comissões em lote' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Pagar comissões em lote' });
    const payable = dialog.getByRole('list', { name: 'Indicadores a pagar' });
    await expect(payable.getByRole('listitem').filter({ hasText: ana.name })).toContainText(
      `2 comissões, ${brl(23940)}`,
    );
    await expect(payable.getByRole('listitem').filter({ hasText: ana.name })).toContainText(
      'Chave PIX: Telefone +55 11 91008-6304',
    );
    await expect(payable.getByRole('listitem').filter({ hasText: bruno.name })).toContainText(
      `Chave PIX: E-mail bruno.${tag}@exemplo.com.br`,
    );
    const apart = dialog.getByRole('list', { name: 'Indicadores sem chave PIX' });
    await expect(apart.getByRole('listitem').filter({ hasText: carla.name })).toContainText('Sem chave PIX');
    await expect(payable.getByRole('listitem').filter({ hasText: carla.name })).toHaveCount(0);
    await expect(dialog.getByTestId('payout-summary')).toContainText(
      `Pagar ${brl(due.total)} em ${due.count} comissões`,
    );
    await expectAxeClean(admin, 'batch payout confirmation');
    // A double click pays once.
    await dialog.getByRole('button', { name: `Confirmar pagamento de ${brl(due.total)}` }).dblclick();
    await expect(dialog.getByRole('alert').or(dialog.getByRole('status')).first()).toContainText(
      `${due.count} comissões marcadas como pagas (${brl(due.total)}).`,
    );
    await expectAxeClean(admin, 'batch paid');

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Baixar CSV para o banco' }).click(),
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(download.suggestedFilename()).toBe(`comissoes-pix-${today}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('nome;cpf;chave_pix;tipo_chave;valor;comissoes;pago_em\n');
    expect(text).toContain(`${ana.name};;+5511910086304;Telefone;239,40;2;`);
    expect(text).toContain(`${bruno.name};;bruno.${tag}@exemplo.com.br;E-mail;149,70;1;`);
    expect(text).not.toContain(carla.name);
    await adminContext.close();

    const rows = e2eDb.query<{ id: string; status: string; paid_at: number | null }>(
      `select id, status, paid_at from referrals where id in (?, ?, ?, ?)`,
      ...anaCommissions,
      brunoCommission,
      carlaCommission,
    );
    const paid = rows.filter((row) => row.status === 'paid');
    expect(paid.map((row) => row.id).sort()).toEqual([...anaCommissions, brunoCommission].sort());
    expect(new Set(paid.map((row) => row.paid_at)).size).toBe(1);
    expect(rows.find((row) => row.id === carlaCommission)?.status).toBe('confirmed');
  });
}
