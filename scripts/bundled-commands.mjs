/** The operational commands that run from their bundle in dist/scripts/ (scripts/build-server.mjs). */
export const COMMANDS = [
  'admin-create',
  'seed-demo',
  'backup',
  'restore',
  'jobs-run',
  'env-example',
  'pagarme-check',
];
