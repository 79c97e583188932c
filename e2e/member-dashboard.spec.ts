/**
 * The member's dashboard (ADR 017): the club's plan is a membership, so the next steps never
 * promise a wine delivery; they say what the member receives (the club's notices). Axe clean at
 * 390 and 1280 px.
 */
import { seriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { createSeededMember, logIn } from './members';

test('the dashboard promises no shipment of wine; axe at 390 and 1280 px', async ({ page, request }) => {
  const member = await createSeededMember(request, { name: 'Confrade Painel' });
  await logIn(page, member.email);
  await page.goto('/user/dashboard');
  const steps = page.locator('.member-card', { has: page.getByRole('heading', { name: 'Próximos passos' }) });
  await expect(
    steps.getByText(
      'Mantenha seu email e WhatsApp atualizados para receber os avisos do clube: encontros, resumos semanais e compras coletivas.',
    ),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).not.toContainText(/seus vinhos|entrega|envio de vinho|garrafa/i);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
    await page.screenshot({ path: `test-results/member-dashboard-${width}.png`, fullPage: true });
  }
});
