/**
 * Bulk approval from the pending list (ADR 046), on demo-shaped rows: rows ticked on the approval
 * queue, one confirmation naming how many and who, the answer row by row — a record naming an
 * administrator's e-mail is refused in its row (ADR 027) while the others are approved, and each
 * new account's set-password link goes only to the record's own e-mail. Axe at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, insertAdmin, insertSubscribers, PHONE, runTag } from './demo-club';
import { e2eDb, expect, test } from './fixtures';
import { logInAsAdmin } from './members';

test.describe.configure({ timeout: 180_000 });

async function expectAxeClean(page: Page, label: string) {
  expect(await seriousA11yViolations(page), `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

for (const size of [PHONE, DESKTOP]) {
  test(`approves the ticked records, each by the identity rules, at ${size.width} px`, async ({ page }) => {
    const tag = runTag();
    const intruderEmail = `dona.${tag}@vinhedosdaserragaucha.com.br`;
    insertAdmin(`Dona ${tag}`, intruderEmail);
    const people = [
      { name: `Gabriel ${tag} Nunes`, email: `gabriel.nunes.${tag}@exemplo.com.br` },
      { name: `Isabela ${tag} Freitas`, email: `isabela.freitas.${tag}@vinhedosdaserragaucha.com.br` },
      { name: `Intruso ${tag} Checkout`, email: intruderEmail },
    ];
    insertSubscribers(people.map((person) => ({ ...person, status: 'pending' as const })));

    await page.setViewportSize(size);
    await logInAsAdmin(page);
    await page.goto(`/admin/subscribers?status=pending&search=${tag}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    const bar = page.getByRole('group', { name: 'Aprovação em lote' });
    await expect(bar.getByRole('button', { name: 'Aprovar selecionados' })).toBeDisabled();

    await bar.getByRole('button', { name: 'Selecionar esta página' }).click();
    await expect(bar).toContainText('3 cadastro(s) selecionado(s).');
    await table.getByRole('checkbox', { name: `Selecionar Isabela ${tag} Freitas` }).uncheck();
    await table.getByRole('checkbox', { name: `Selecionar Isabela ${tag} Freitas` }).check();
    await expectAxeClean(page, 'approval queue');

    await bar.getByRole('button', { name: 'Aprovar selecionados' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar 3 cadastro(s)?' });
    await expect(dialog.getByRole('list', { name: 'Cadastros a aprovar' }).getByRole('listitem')).toHaveCount(
      3,
    );
    await expectAxeClean(page, 'confirmation');
    // A double click sends one batch: the button is busy while it runs.
    await dialog.getByRole('button', { name: 'Aprovar 3 cadastro(s)' }).dblclick();

    const result = page.getByRole('dialog', { name: 'Resultado da aprovação' });
    await expect(result.getByRole('status')).toHaveText(
      '2 cadastro(s) aprovado(s), 1 não aprovado(s): veja o motivo de cada um.',
    );
    const rows = result.getByRole('list', { name: 'Resultado de cada cadastro' });
    await expect(rows.getByRole('listitem').filter({ hasText: `Gabriel ${tag} Nunes` })).toContainText(
      'aprovado. Cadastro aprovado! O link para definir a senha foi enviado ao email do cadastro',
    );
    await expect(rows.getByRole('listitem').filter({ hasText: `Intruso ${tag} Checkout` })).toContainText(
      'não aprovado. Este cadastro não pode ser aprovado: o email dele é de um administrador do clube.',
    );
    await expectAxeClean(page, 'results');
    await result.getByRole('button', { name: 'Fechar', exact: true }).click();

    // The queue holds only the refused record; the welcome went once to each new account's e-mail.
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(`Intruso ${tag} Checkout`);
    for (const person of people.slice(0, 2)) {
      const welcomes = e2eDb.outboxFor(person.email).filter((message) => message.template === 'welcome');
      expect(welcomes, person.email).toHaveLength(1);
    }
    expect(e2eDb.outboxFor(intruderEmail)).toHaveLength(0);
  });
}
