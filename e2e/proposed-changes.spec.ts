/**
 * "Alterações propostas no pagamento" (ADR 027): a paid checkout under a record's e-mail left
 * the record as the club typed it and proposed its own name, phone and city. The admin opens the
 * record, sees each field old → new, applies the phone, discards the rest, and the history says
 * so. Axe at 390 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, insertSubscribers, PHONE, runTag } from './demo-club';
import { expect, openWritableDb, test } from './fixtures';
import { logInAsAdmin } from './members';

test.describe.configure({ timeout: 120_000 });

async function expectAxeClean(page: Page, label: string) {
  expect(await seriousA11yViolations(page), `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** The proposal a paid checkout leaves (services/checkout-profile.ts), with its history line. */
function proposeChanges(subscriberId: string, fields: Record<string, string>) {
  const db = openWritableDb();
  try {
    const paymentId = randomUUID();
    db.prepare(
      'insert into proposed_changes (subscriber_id, payment_id, fields, created_at) values (?, ?, ?, ?)',
    ).run(subscriberId, paymentId, JSON.stringify(fields), Date.now());
    db.prepare(
      `insert into subscriber_activity (id, subscriber_id, event, actor_kind, details, created_at)
       values (?, ?, 'changes_proposed', 'provider', ?, ?)`,
    ).run(randomUUID(), subscriberId, JSON.stringify({ paymentId, fields: Object.keys(fields) }), Date.now());
  } finally {
    db.close();
  }
}

for (const size of [PHONE, DESKTOP]) {
  test(`the admin applies one proposed change and discards the rest, at ${size.width} px`, async ({
    page,
  }) => {
    const tag = runTag();
    const name = `Heloísa ${tag} Prado`;
    const email = `heloisa.prado.${tag}@exemplo.com.br`;
    const [id] = insertSubscribers([{ name, email, status: 'pending', phone: '21977771111' }]);
    proposeChanges(id!, { name: `Heloisa ${tag} do Prado`, phone: '11987654321', city: 'Campinas' });

    await page.setViewportSize(size);
    await logInAsAdmin(page);
    await page.goto(`/admin/subscribers?search=${tag}`);
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinante' });
    const section = dialog.getByRole('region', { name: 'Alterações propostas no pagamento' });
    await expect(section).toContainText('O cadastro não foi alterado');
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(3);
    // Old → new (a screen reader hears "passaria a" between them).
    await expect(items.filter({ hasText: 'Telefone' })).toContainText(
      /\(21\) 97777-1111 → +passaria a \(11\) 98765-4321/,
    );
    await expect(items.filter({ hasText: 'Cidade' })).toContainText(/\(vazio\) → +passaria a Campinas/);
    await section.scrollIntoViewIfNeeded();
    await expectAxeClean(page, 'proposed changes');
    // Nothing in the dialog is wider than the window.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await section.getByRole('button', { name: 'Aplicar Telefone' }).click();
    await expect(page.getByText('Alteração aplicada ao cadastro.')).toBeVisible();
    await expect(items).toHaveCount(2);
    await expect(dialog.getByText('(11) 98765-4321').first()).toBeVisible();

    await section.getByRole('button', { name: 'Descartar todas' }).click();
    await expect(page.getByText('Alteração descartada.')).toBeVisible();
    await expect(section).toBeHidden();
    const history = dialog.getByRole('list').filter({ hasText: 'Alteração proposta no pagamento aplicada' });
    await expect(history).toContainText('Alteração proposta no pagamento aplicada: Telefone');
    await expect(history).toContainText('Alteração proposta no pagamento descartada: Nome completo, Cidade');
    await expectAxeClean(page, 'after deciding');

    // On file: the phone applied, the name and city as the club typed them.
    const db = openWritableDb();
    try {
      expect(db.prepare('select name, phone, city from subscribers where id = ?').get(id)).toEqual({
        name,
        phone: '11987654321',
        city: null,
      });
    } finally {
      db.close();
    }
  });
}
