/**
 * Pagar.me v5 (core API). Basic auth with the secret key as the user name; an `Idempotency-Key` on
 * every create, reused when a create is retried after a network failure. Wire names follow the
 * fixtures in tests/fixtures/pagarme (taken from the docs, the SDK and real answers).
 *
 * Rules the API imposes on us:
 * - a 200 on POST /orders is not a payment: the charge status says whether it was paid;
 * - a payment link has no "paid" status: payment shows as an order (webhook `order.paid`, or a
 *   GET of the orders with our code) or as the link's paid sessions;
 * - v5 webhooks carry no signature: the URL is protected with Basic credentials (compared in
 *   constant time) and every event is re-fetched from the API before anything changes.
 */
import { providerText } from '../../lib/provider-status';
import { deleteSavedCard } from './pagarme/cards';
import { createPagarmeClient, type PagarmeClient, type PagarmeOptions } from './pagarme/client';
import {
  cancelPaymentLink,
  chargeRecurring,
  createCharge,
  createPaymentLink,
  findOrders,
  getCharge,
  getPaymentLinkStatus,
  refund,
  voidCharge,
} from './pagarme/orders';
import { getChargeFigures } from './pagarme/payables';
import { parseWebhook, verifyWebhook } from './pagarme/webhooks';
import type { PaymentProvider } from './types';

export { PAGARME_MSG, type PagarmeOptions } from './pagarme/client';
export {
  chargeResultOf,
  matchKeys,
  orderChargeResult,
  parseProviderDate,
  wireCustomer,
} from './pagarme/mapping';

/** Whether the API answers with our key, and whether webhooks can be taken. */
async function status(client: PagarmeClient): ReturnType<PaymentProvider['status']> {
  const webhookReady = Boolean(client.options.webhookUser && client.options.webhookPassword);
  try {
    await client.call('GET', '/orders?size=1');
    return {
      provider: 'pagarme',
      configured: true,
      ok: true,
      detail: webhookReady
        ? 'Pagar.me conectado'
        : 'Pagar.me conectado, mas PAGARME_WEBHOOK_USER/PAGARME_WEBHOOK_PASSWORD não estão definidos: webhooks serão recusados',
    };
  } catch (error) {
    return {
      provider: 'pagarme',
      configured: true,
      ok: false,
      detail: providerText((error as Error).message, client.secrets),
    };
  }
}

export function createPagarmeProvider(options: PagarmeOptions): PaymentProvider {
  const client = createPagarmeClient(options);
  return {
    name: 'pagarme',
    cardTokenizer: () =>
      options.publicKey ? { url: `${client.base}/tokens`, publicKey: options.publicKey } : null,
    createPaymentLink: (input) => createPaymentLink(client, input),
    getPaymentLinkStatus: (link) => getPaymentLinkStatus(client, link),
    cancelPaymentLink: (link) => cancelPaymentLink(client, link),
    createCharge: (input) => createCharge(client, input),
    chargeRecurring: (input) => chargeRecurring(client, input),
    deleteSavedCard: (card) => deleteSavedCard(client, card),
    voidCharge: (input) => voidCharge(client, input),
    refund: (input) => refund(client, input),
    findOrders: ({ reference }) => findOrders(client, reference),
    getCharge: (input) => getCharge(client, input.providerChargeId),
    getChargeFigures: (input) => getChargeFigures(client, input.providerChargeId),
    verifyWebhook: (request) => verifyWebhook(options, request),
    parseWebhook: (rawBody) => parseWebhook(client, rawBody),
    status: () => status(client),
  };
}
