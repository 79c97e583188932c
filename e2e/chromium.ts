/**
 * How test tools start Debian's Chromium (no browser download works on these machines): one place
 * for the executable and the flags, used by Playwright's config and the landing/icon scripts.
 * CHROMIUM_PATH is a tooling variable, not product configuration.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
