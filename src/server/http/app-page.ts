/**
 * The SPA's index.html as served (the test-mode banner added in the sandbox), read once: every page
 * path the server does not render itself answers it (static-assets.ts's fallback, and the public
 * pages for a signed-in person or without a renderer: prerendered-pages.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '../services';
import { withTestModeBanner } from './html';

export function readAppPage(clientDir: string, env: Services['env']): string | null {
  const file = path.join(clientDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const html = fs.readFileSync(file, 'utf8');
  return env.paymentProvider === 'sandbox' ? withTestModeBanner(html) : html;
}
