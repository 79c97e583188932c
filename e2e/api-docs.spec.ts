/**
 * /api/docs in a real browser: the Swagger UI renders the generated document under our CSP, loading
 * nothing from outside the server (it must work offline).
 */
import { expect, test } from './fixtures';

test('the REST docs render offline under the CSP', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== baseURL && url.protocol !== 'data:')
      problems.push(`external request: ${request.url()}`);
  });

  await page.goto('/api/docs');

  await expect(page.getByRole('heading', { name: /Confraria API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/auth/login' })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/health' })).toBeVisible();
  expect(problems).toEqual([]);
});
