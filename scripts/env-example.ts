/**
 * `npm run env:example`: every setting with its default and what it does, generated from the one
 * environment schema (src/server/env.ts), so the deployment guide's environment file cannot drift.
 */
import { envExample } from '../src/server/env-example';

process.stdout.write(envExample());
