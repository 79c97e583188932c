import { expect, test } from './fixtures';

test('serves the app shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Confraria' })).toBeVisible();
});
