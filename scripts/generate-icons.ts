/**
 * Renders the app icons (PNG, for the web manifest and iOS) from their SVG sources in
 * src/client/public/icons with the Chromium the browser tests use, so the PNGs always match the
 * drawings. Run after changing an icon SVG: `node --import tsx scripts/generate-icons.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

const ICONS_DIR = path.resolve('src/client/public/icons');
const OUTPUTS = [
  { source: 'icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'maskable.svg', file: 'maskable-512.png', size: 512 },
  { source: 'maskable.svg', file: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage();
  for (const { source, file, size } of OUTPUTS) {
    const svg = fs.readFileSync(path.join(ICONS_DIR, source), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img style="display:block;width:${size}px;height:${size}px" ` +
        `src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: path.join(ICONS_DIR, file), omitBackground: true });
    console.log(`${file}: ${fs.statSync(path.join(ICONS_DIR, file)).size} bytes`);
  }
} finally {
  await browser.close();
}
