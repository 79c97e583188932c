/**
 * An LGPD deletion request from the member to the owner and its completion (ADR 029): the member
 * asks in the portal, the admins are e-mailed, the dashboard counts it, the LGPD screen lists it with
 * its deadline, the admin completes it; the member is told by e-mail, can no longer sign in, and the
 * record shows anonymised data.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { formatDate } from '../src/shared/format';
import { saoPauloDayStart } from '../src/shared/sao-paulo-time';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, test } from './fixtures';
import { ADMIN, createSeededMember, logIn, MEMBER_PASSWORD, type SeededMember } from './members';

const DAY = 24 * 3600 * 1000;
const ERASED_NAME = 'Titular removido (LGPD)';

/** A request made `daysAgo` days ago (what the portal would have written then), straight in the test database. */
function openRequestDaysAgo(member: SeededMember, daysAgo: number) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const at = Date.now() - daysAgo * DAY;
    // The deadline: the last moment of the 15th São Paulo day after the request.
    const dueAt = saoPauloDayStart(new Date(at), 16).getTime() - 1;
    db.prepare(
      `insert into deletion_requests (id, subscriber_id, user_id, status, requested_at, due_at, created_at)
       values (?, ?, ?, 'open', ?, ?, ?)`,
    ).run(randomUUID(), member.subscriberId, member.userId, at, dueAt, at);
  } finally {
    db.close();
  }
}

test('a deletion request goes from the portal to the owner, who completes it', async ({ page }) => {
  const member = await createSeededMember(page.request, {
    name: `Lúcia Esquecida ${Date.now().toString(36)}`,
  });

  // Another member asked 20 days ago and nobody answered: overdue.
  const late = await createSeededMember(page.request, { name: `Bruno Esperando ${Date.now().toString(36)}` });
  openRequestDaysAgo(late, 20);

  // The member asks.
  await logIn(page, member.email);
  await page.goto('/user/profile');
  await page.getByRole('button', { name: 'Pedir exclusão dos meus dados' }).click();
  await expect(
    page.getByText(
      'Quando a exclusão for concluída, sua conta é encerrada e sua assinatura termina, sem reembolso do período restante.',
    ),
  ).toBeVisible();
  await page.getByLabel('Observações (opcional)').fill('Vou me mudar do país');
  await page.getByRole('button', { name: 'Confirmar pedido de exclusão' }).click();
  await expect(
    page.getByText(
      'Pedido de exclusão registrado. O clube vai analisar e responder pelo seu email. Os registros de pagamento são mantidos por obrigação legal.',
    ),
  ).toBeVisible();
  // Asked today in São Paulo: the club answers by the 15th day after.
  const due = formatDate(new Date(Date.now() + 15 * DAY));
  await expect(page.getByText(`responder pelo seu email até ${due} (prazo legal).`)).toBeVisible();

  // The admins are told (the message names nobody).
  const notice = e2eDb.outboxFor(ADMIN.email).find((row) => row.template === 'lgpd_request');
  expect(notice?.body).toContain(`Prazo legal para concluir o pedido: ${due} (15 dias).`);
  expect(notice?.body).not.toContain(member.name);

  // The owner: the dashboard's item (overdue highlighted), then the list.
  await page.context().clearCookies();
  await logIn(page, ADMIN.email, ADMIN.password);
  const item = page.getByTestId('privacy-summary');
  await expect(item.getByRole('heading', { name: 'Pedidos de exclusão (LGPD)' })).toBeVisible();
  await expect(item.getByText(/\d+ com prazo vencido/)).toBeVisible();
  await item.getByRole('link', { name: /pedidos? abertos?/ }).click();
  await expect(page).toHaveURL(/\/admin\/lgpd$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LGPD' })).toBeVisible();
  const row = page.getByTestId('deletion-request').filter({ hasText: member.name });
  await expect(row).toContainText(member.email);
  await expect(row).toContainText('Vou me mudar do país');
  await expect(row).toContainText(`${due}faltam 15 dias`);
  await expect(page.getByTestId('deletion-request').filter({ hasText: late.name })).toContainText(
    'Prazo vencido: vencido há 5 dias',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page), `/admin/lgpd at ${width}px`).toEqual([]);
  }

  // Completing asks first, and says what it does.
  await row.getByRole('button', { name: `Concluir exclusão de ${member.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Concluir exclusão de dados' });
  await expect(dialog).toContainText('A assinatura termina hoje, sem reembolso do período restante.');
  expect(await seriousA11yViolations(page), 'completion dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Excluir dados' }).click();
  await expect(
    page.getByText(
      'Exclusão concluída: dados pessoais anonimizados, conta encerrada e confrade avisado por email. Os pagamentos foram mantidos sem o nome.',
    ),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Mostrar').selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  const done = page
    .getByTestId('deletion-request')
    .filter({ hasText: `removido-${member.subscriberId}@anonimizado.invalid` });
  await expect(done).toContainText(ERASED_NAME);
  await expect(done).toContainText('Concluído');
  await expect(page.getByTestId('activity-entry').first()).toContainText(
    'Exclusão de dados concluída (LGPD)',
  );

  // The record shows anonymised data.
  await page.goto('/admin/subscribers');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(`removido-${member.subscriberId}`);
  await page.getByRole('button', { name: `Ver ${ERASED_NAME}` }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(ERASED_NAME);
  await expect(details).toContainText('Dados pessoais excluídos (LGPD)');
  await expect(details).not.toContainText(member.name);
  await expect(details).not.toContainText(member.email);

  // The member was told at the address on file, and can no longer sign in.
  await expect
    .poll(() => e2eDb.mailboxFor(member.email).find((mail) => mail.includes('Seus dados foram excluídos')))
    .toContain('Concluímos o seu pedido de exclusão de dados pessoais (LGPD)');
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Email ou senha inválidos')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
