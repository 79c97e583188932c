/** The checkout and payments domain's route lists, gathered for src/server/rest/index.ts. */
export { paymentLinkRoutes } from './payment-links';
export { paymentRoutes } from './payments';
export { paymentEmailRoutes } from './emails-payment';
export { cepRoutes } from './subscriber-update-cep';
export { webhookRoutes } from './webhooks';
