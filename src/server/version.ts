import { createRequire } from 'node:module';

/** The product version, from package.json (shown by /api/health). */
export const APP_VERSION: string = (
  createRequire(import.meta.url)('../../package.json') as { version: string }
).version;
