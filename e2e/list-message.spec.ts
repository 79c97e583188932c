/**
 * "Enviar mensagem" to a filtered subscriber list (ADR 046), on demo-shaped members: the count
 * and channels before sending, the first recipient's text, members without a proven contact
 * listed apart, a double click that sends once, each message in the outbox and in the member's
 * record ("Mensagens"). Axe at 390 and 1280 px.
 */
import { randomInt } from 'node:crypto';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, insertSubscribers, PHONE, provePhone, runTag } from './demo-club';
import { e2eDb, expect as baseExpect, test } from './fixtures';
import { createSeededMember, logInAsAdmin } from './members';

test.describe.configure({ timeout: 300_000 });
// A loaded machine may take more than the default 10 s to draw a page.
const expect = baseExpect.configure({ timeout: 30_000 });

for (const size of [PHONE, DESKTOP]) {
  test(`sends one message to everyone with a proven contact in the list, at ${size.width} px`, async ({
    page,
    request,
  }) => {
    const tag = runTag();
    const ana = await createSeededMember(request, { name: `Ana ${tag} Duarte` });
    const phone = `2199${String(randomInt(1_000_000, 9_999_999))}`;
    provePhone(ana.userId, phone);
    const bruno = await createSeededMember(request, { name: `Bruno ${tag} Costa` });
    insertSubscribers([
      {
        name: `Carla ${tag} Checkout`,
        email: `carla.${tag}@vinhedosdaserragaucha.com.br`,
        status: 'active',
        endInDays: 90,
      },
    ]);

    await page.setViewportSize(size);
    await logInAsAdmin(page);
    await page.goto(`/admin/subscribers?search=${tag}&sortBy=fullName&sortOrder=asc`);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enviar mensagem para a lista' });
    await dialog.getByLabel('Mensagem').fill('Olá, {{nome}}! A degustação de sábado começa às 19h.');
    const who = dialog.getByRole('region', { name: 'Quem recebe' });
    await expect(who).toContainText('3 assinante(s) nesta lista: 2 recebem (1 por WhatsApp, 1 por email).');
    await expect(who.getByRole('figure')).toContainText(`Prévia para Ana ${tag} Duarte (WhatsApp):`);
    await expect(who.locator('blockquote')).toHaveText('Olá, Ana! A degustação de sábado começa às 19h.');
    await expect(who.getByRole('list', { name: 'Sem contato comprovado' })).toContainText(
      `Carla ${tag} Checkout`,
    );
    expect(await seriousA11yViolations(page), `composer at ${size.width} px`).toEqual([]);

    // A double click: one send.
    await dialog.getByRole('button', { name: 'Enviar para 2 assinante(s)' }).dblclick();
    await expect(dialog.getByRole('status')).toHaveText(
      'Mensagem enviada para a fila de 2 assinante(s); 1 sem contato comprovado não receberam.',
    );
    const custom = (recipient: string) =>
      e2eDb.outboxFor(recipient).filter((row) => row.template === 'custom');
    expect(custom(phone).map((row) => row.body)).toEqual(['Olá, Ana! A degustação de sábado começa às 19h.']);
    expect(custom(bruno.email).map((row) => row.body)).toEqual([
      'Olá, Bruno! A degustação de sábado começa às 19h.',
    ]);
    expect(custom(`carla.${tag}@vinhedosdaserragaucha.com.br`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();

    // On Ana's record: "Mensagens".
    await page
      .getByRole('table')
      .getByRole('button', { name: `Ana ${tag} Duarte`, exact: true })
      .click();
    const messages = page.getByRole('region', { name: 'Mensagens' });
    await expect(messages).toContainText('Olá, Ana! A degustação de sábado começa às 19h.');
    await expect(messages).toContainText('(mensagem para uma lista)');
    expect(await seriousA11yViolations(page), `record at ${size.width} px`).toEqual([]);
  });
}
