/**
 * Open links (ADR 029) in the browser: the admin voids an open payment link from the subscriber's view
 * ("Cancelar link", a confirmation step, a Portuguese toast) and the payer's tracking page then says
 * the link was cancelled; the public checkout tells members to sign in to renew at the renewal
 * price; a stranger's pending PIX for a member's e-mail no longer blocks the member's erasure (it is
 * voided when the admin completes it), and an attempt whose answer is still unknown keeps the
 * request open, "em verificação", until completed again. Axe clean at 390 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { saoPauloDayStart } from '../src/shared/sao-paulo-time';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, PHONE, runTag } from './demo-club';
import { createPublicPaymentLink, expect, openWritableDb, test } from './fixtures';
import { createSeededMember, logInAsAdmin, type SeededMember } from './members';

test.describe.configure({ timeout: 120_000 });

async function expectAxeClean(page: Page, label: string) {
  expect(await seriousA11yViolations(page), `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** The member asked for the erasure just now (what the portal writes), straight in the test database. */
function askErasure(member: SeededMember) {
  const db = openWritableDb();
  try {
    const at = Date.now();
    db.prepare(
      `insert into deletion_requests (id, subscriber_id, user_id, status, requested_at, due_at, created_at)
       values (?, ?, ?, 'open', ?, ?, ?)`,
    ).run(
      randomUUID(),
      member.subscriberId,
      member.userId,
      at,
      saoPauloDayStart(new Date(at), 16).getTime() - 1,
      at,
    );
  } finally {
    db.close();
  }
}

/**
 * A card attempt of the member's e-mail whose answer was lost `minutesAgo` minutes ago: pending,
 * "em verificação", no charge known (what the checkout leaves when the provider's answer never came).
 */
function lostCardAttempt(member: SeededMember, minutesAgo: number): string {
  const db = openWritableDb();
  const id = randomUUID();
  const at = Date.now() - minutesAgo * 60_000;
  try {
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         attempt, verifying_since, created_at, updated_at)
       values (?, ?, 'annual', 149700, 'pending', 'credit_card', 'sandbox', 'Assinatura anual', 1, ?, ?, ?)`,
    ).run(id, member.subscriberId, at, at, at);
  } finally {
    db.close();
  }
  return id;
}

/** The provider's hour to show the lost attempt's order has passed with none: nothing was charged. */
function hourPassed(paymentId: string) {
  const db = openWritableDb();
  try {
    const at = Date.now() - 2 * 3600_000;
    db.prepare('update payments set verifying_since = ?, created_at = ? where id = ?').run(at, at, paymentId);
  } finally {
    db.close();
  }
}

for (const size of [PHONE, DESKTOP]) {
  test(`the admin cancels an open link, and its page says so, at ${size.width} px`, async ({
    page,
    request,
  }) => {
    const tag = runTag();
    const name = `Rita ${tag} Link`;
    const link = await createPublicPaymentLink(request, { name, email: `rita.${tag}@exemplo.com.br` });

    await page.setViewportSize(size);
    await logInAsAdmin(page);
    await page.goto(`/admin/subscribers?search=${tag}`);
    await page.getByRole('button', { name, exact: true }).click();
    const view = page.getByRole('dialog', { name: 'Assinante' });
    await expect(view.getByRole('heading', { name: 'Links em aberto' })).toBeVisible();
    const open = view.getByRole('listitem').filter({ hasText: 'válido até' });
    await expect(open).toHaveCount(1);
    await expect(open).toContainText('Anual, R$ 1.497,00');

    await open.getByRole('button', { name: /^Cancelar link/ }).click();
    const confirm = view.getByRole('group', { name: 'Confirmar cancelamento do link' });
    await expect(confirm).toContainText('Cancelar este link? Ninguém poderá mais pagá-lo.');
    await expectAxeClean(page, 'confirmation');
    await confirm.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(page.getByText('Link de pagamento cancelado.')).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Links em aberto' })).toHaveCount(0);
    await expectAxeClean(page, 'after the cancel');

    const status = await request.get(`/api/payment-links/status-public/${link.id}`);
    expect(((await status.json()) as { status: string }).status).toBe('cancelled');
    await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Link de Pagamento Cancelado' })).toBeVisible();
    await expect(page.getByText('Este link de pagamento foi cancelado pelo clube')).toBeVisible();
    await expectAxeClean(page, 'tracking page');
  });

  test(`the checkout points members to sign in to renew, at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/checkout');
    const hint = page.getByText('Já é confrade?');
    await expect(hint).toBeVisible();
    const signIn = page.getByRole('link', { name: 'Entre para renovar pelo valor de renovação.' });
    await expect(signIn).toHaveAttribute('href', '/login?redirect=%2Fuser%2Fsubscription');
    await expectAxeClean(page, 'checkout');
    await signIn.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fsubscription$/);
    await expect(page.getByRole('heading', { name: 'Acesso dos Confrades' })).toBeVisible();
  });

  test(`a stranger’s pending PIX never blocks an erasure; an unknown attempt keeps it waiting, at ${size.width} px`, async ({
    page,
    request,
  }) => {
    const name = `Tereza ${runTag()} Pix`;
    const member = await createSeededMember(request, { name });
    askErasure(member);
    // Anyone, no session: the old in-page checkout's PIX with the member's e-mail.
    const pix = await request.post('/api/payments/process', {
      data: {
        paymentMethod: 'pix',
        customerData: {
          name: 'Alguém Qualquer',
          email: member.email,
          phone: '(11) 98765-4321',
          cpf: '529.982.247-25',
          address: {
            street: 'Avenida Paulista',
            number: '1000',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            state: 'SP',
            zipCode: '01310-100',
          },
        },
        paymentData: { amount: 149700 },
      },
    });
    expect(pix.status()).toBe(200);
    const pixId = ((await pix.json()) as { paymentId: string; status: string }).paymentId;
    const lost = lostCardAttempt(member, 2);

    await page.setViewportSize(size);
    await logInAsAdmin(page);
    await page.goto('/admin/lgpd');
    const row = page.getByTestId('deletion-request').filter({ hasText: name });
    await expect(row).toContainText(member.email);
    // Pending charges are not a reason to wait: completing voids them.
    await expect(row).not.toContainText('Há um pagamento em andamento');
    const complete = row.getByRole('button', { name: `Concluir exclusão de ${name}` });
    await expect(complete).toBeEnabled();

    await complete.click();
    const dialog = page.getByRole('dialog', { name: 'Concluir exclusão de dados' });
    await dialog.getByRole('button', { name: 'Excluir dados' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Uma cobrança deste assinante está em verificação: o provedor de pagamento não confirmou o cancelamento. Tente concluir a exclusão de novo em alguns minutos.',
    );
    expect(await seriousA11yViolations(page), `verifying at ${size.width} px`).toEqual([]);
    // The PIX was voided all the same; the person is still on file.
    const voided = await request.get(`/api/payments/status/${pixId}`);
    expect(((await voided.json()) as { status: string }).status).toBe('cancelled');
    const waiting = await request.get(`/api/payments/status/${lost}`);
    expect(await waiting.json()).toMatchObject({ status: 'pending', verifying: true });

    hourPassed(lost);
    await dialog.getByRole('button', { name: 'Excluir dados' }).click();
    const completed = page.getByText(
      'Exclusão concluída: dados pessoais anonimizados, conta encerrada e confrade avisado por email. Os pagamentos foram mantidos sem o nome.',
    );
    await expect(completed).toBeVisible();
    await expect(row).toHaveCount(0);
    // Axe once the toast's fade is over (a half-faded toast reads as low contrast).
    await expect(completed).toBeHidden({ timeout: 15_000 });
    expect(await seriousA11yViolations(page), `after the erasure at ${size.width} px`).toEqual([]);
  });
}
