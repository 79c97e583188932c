/**
 * What a form page costs on the wire the first time it is opened (docs/performance.md
 * "the forms' first load"): every answer Chromium receives — HTML, CSS, JavaScript, icons, with
 * their headers, compressed as sent (`encodedDataLength`) — from the request of the page until the
 * app has adopted it and the network has been quiet for a second. Bytes, not time: the same build
 * gives the same figure on a slow machine or a fast one.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const KB = 1024;

/**
 * The budget is 150 KB for every form page. `/contato` and `/checkout` meet it by opening without
 * the data layer (TanStack Query and the tRPC client, ~19 KB), which their forms load on first
 * focus or send (ADR 055).
 */
const FORMS = [
  { path: '/login', field: 'Email', budgetKb: 150, iconFetches: 1 },
  { path: '/register', field: 'Nome completo', budgetKb: 150, iconFetches: 1 },
  { path: '/contato', field: 'Nome', budgetKb: 150, iconFetches: 2 },
  { path: '/checkout', field: 'Nome completo', budgetKb: 150, iconFetches: 1 },
] as const;

/** Loads `path` in a fresh context and sums what came over the wire, per file. */
async function firstLoad(page: Page, path: string, field: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const inFlight = new Set<string>();
  const files: { path: string; bytes: number }[] = [];
  let entryLoaded = false;
  cdp.on('Network.requestWillBeSent', (event) => {
    urls.set(event.requestId, event.request.url);
    inFlight.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    const file = new URL(urls.get(event.requestId) ?? path, 'http://page').pathname;
    files.push({ path: file, bytes: event.encodedDataLength });
    if (/^\/assets\/main-[^/]+\.js$/.test(file)) entryLoaded = true;
  });
  cdp.on('Network.loadingFailed', (event) => inFlight.delete(event.requestId));

  await page.goto(path);
  await expect(page.getByLabel(field, { exact: true })).toBeEnabled();
  // The app is fetched after the first paint (src/client/prerender/boot.ts): wait for it, then
  // for a second without any request, which is when the page has what it needs to be used.
  await expect.poll(() => entryLoaded, { timeout: 30_000 }).toBe(true);
  await expect
    .poll(
      async () => {
        const seen = files.length;
        await page.waitForTimeout(1_000);
        return inFlight.size === 0 && files.length === seen;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await cdp.detach();
  return { bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
}

for (const form of FORMS) {
  test(`${form.path} loads within ${form.budgetKb} KB on the wire`, async ({ page }) => {
    const { bytes, files } = await firstLoad(page, form.path, form.field);
    const listing = files
      .sort((a, b) => b.bytes - a.bytes)
      .map((file) => `${(file.bytes / KB).toFixed(1)} KB ${file.path}`)
      .join('\n');
    expect(
      bytes,
      `${(bytes / KB).toFixed(1)} KB in ${files.length} answers:\n${listing}`,
    ).toBeLessThanOrEqual(form.budgetKb * KB);
  });

  // The club's icon is the favicon, fetched by the browser on its own, and the public header's logo
  // (/contato): the install banner's copy, hidden in every page's markup, must not be a third.
  test(`${form.path} fetches the club's icon ${form.iconFetches === 1 ? 'once' : 'twice'}`, async ({
    page,
  }) => {
    const { files } = await firstLoad(page, form.path, form.field);
    expect(files.filter((file) => file.path === '/icons/icon.svg')).toHaveLength(form.iconFetches);
  });
}

// Every page of the app loads the entry first: a route's search reader that imported the form rules
// once took the form kit (react-hook-form, the fields) into it, for pages without a form too.
test("the app's entry brings no form kit, data layer, mask or password dictionary", async ({ request }) => {
  const html = await (await request.get('/index.html')).text();
  const chunks = [...html.matchAll(/\/assets\/([\w-]+)-[\w-]{8}\.(?:js|css)"/g)].map((match) => match[1]);
  expect(chunks).toContain('main');
  const heavy = chunks.filter((name) => /^(form-kit|query|imask|password-dictionary)/.test(name!));
  expect(heavy).toEqual([]);
});
