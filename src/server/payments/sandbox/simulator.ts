/** The sandbox provider's simulator: its tokens endpoint, its hosted page's orders, PIX and outcomes. */
import { eq } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../../shared/checkout-schemas';
import type { PaymentMethod } from '../../../shared/plans';
import { subscribers, type Payment, type PaymentLink } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isSandbox } from '../providers';
import type { SandboxProvider } from '../providers/sandbox';
import type { TypedCard } from '../providers/sandbox/cards';
import { cardBrand, cardLast4 } from '../providers/card';
import { ProviderError, type PaymentProvider } from '../providers/types';
import type { ServiceDeps } from '../../lib/deps';
import { PAYMENT_MSG } from '../messages';
import { type PaymentLinksContext, getLink } from '../links/context';
import { qrImage } from '../charges/qr-image';
import { awaitingDeadlineAnswer } from '../links/link-details';

/** What the sandbox's simulator is built from, by name. */
export interface SandboxSimulatorDeps extends ServiceDeps {
  provider: PaymentProvider;
  paymentLinks: PaymentLinksContext;
  getById: (id: string) => Payment | undefined;
}

/** What the customer did on the sandbox's page. */
export interface SandboxAct {
  outcome: 'paid' | 'failed' | 'expired';
  method: PaymentMethod;
  card?: { brand: string; last4: string } | null;
  /** The whole card typed on the page: a paid one is kept by the sandbox for the paying subscriber. */
  typedCard?: TypedCard | null;
  failureReason?: string | null;
  /**
   * Tests and development only (ADR 030): the customer is charged again for something
   * already paid, as a provider that took the money twice reports it — a new charge id, so
   * the back office shows a "Cobrança duplicada" to refund. Never offered on the hosted page.
   */
  again?: boolean;
}

type SignedWebhook = { headers: Record<string, string>; rawBody: string; linkId: string | null };

/** The provider as the sandbox; its routes are "not found" with a real provider. */
function sandboxOnly(provider: PaymentProvider): SandboxProvider {
  if (!isSandbox(provider)) throw new AppError('NOT_FOUND', PAYMENT_MSG.sandboxOnly);
  return provider;
}

function linkActed(deps: SandboxSimulatorDeps, sandbox: SandboxProvider, link: PaymentLink, act: SandboxAct) {
  if (link.status === 'paid' && !act.again)
    throw new AppError('CONFLICT', CHECKOUT_MSG.paymentLinkAlreadyPaid);
  if (link.status === 'cancelled') throw new AppError('CONFLICT', CHECKOUT_MSG.paymentLinkCancelled);
  // The provider closes a link at its deadline whatever our side has heard back yet.
  if (link.status === 'expired' || awaitingDeadlineAnswer(link, deps.clock.now())) {
    throw new AppError('CONFLICT', CHECKOUT_MSG.paymentLinkExpired);
  }
  const webhook = sandbox.customerActed({
    reference: link.id,
    target: 'payment_link',
    outcome: act.outcome,
    method: act.method,
    amount: link.amount,
    card: act.card,
    typedCard: act.typedCard,
    customerCode: link.subscriberId,
    failureReason: act.failureReason,
  });
  return { ...webhook, linkId: link.id };
}

function chargeActed(deps: SandboxSimulatorDeps, sandbox: SandboxProvider, id: string, act: SandboxAct) {
  const payment = deps.getById(id);
  if (!payment || payment.provider !== 'sandbox')
    throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
  if (payment.status === 'paid' && !act.again)
    throw new AppError('CONFLICT', CHECKOUT_MSG.paymentAlreadyPaid);
  const webhook = sandbox.customerActed({
    reference: id,
    target: 'charge',
    outcome: act.outcome,
    method: payment.method ?? act.method,
    amount: payment.amount,
    // A second charge has its own id (the sandbox makes one).
    chargeId: act.again ? null : payment.providerChargeId,
    card: act.card,
    typedCard: act.typedCard,
    customerCode: payment.subscriberId,
    failureReason: act.failureReason,
  });
  return { ...webhook, linkId: null };
}

/**
 * The sandbox's "customer acted" step for a link or an in-page charge: returns the signed
 * webhook to deliver to our own webhook route, plus where the browser goes next.
 */
function sandboxWebhook(deps: SandboxSimulatorDeps, id: string, act: SandboxAct): SignedWebhook {
  const sandbox = sandboxOnly(deps.provider);
  const again = act.again === true && act.outcome === 'paid';
  const link = getLink(deps.paymentLinks, id);
  if (link) return linkActed(deps, sandbox, link, { ...act, again });
  return chargeActed(deps, sandbox, id, { ...act, again });
}

/** A BR Code from the settings' PIX key; none when the key does not resolve (a Portuguese 502). */
function sandboxPixCode(provider: SandboxProvider, id: string, amount: number): string {
  try {
    return provider.pixCode(id, amount);
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('BAD_GATEWAY', error.message);
    throw error;
  }
}

/** The PIX the sandbox page shows for a link or charge: a real BR Code for its amount, and its QR. */
async function sandboxPix(deps: SandboxSimulatorDeps, id: string) {
  const sandbox = sandboxOnly(deps.provider);
  const link = getLink(deps.paymentLinks, id);
  const payment = link ? undefined : deps.getById(id);
  const amount = link?.amount ?? payment?.amount;
  if (!amount) return null;
  const qrCodeText = payment?.pixCode ?? sandboxPixCode(sandbox, id, amount);
  return { qrCodeText, qrImage: await qrImage(qrCodeText) };
}

/** What the sandbox page shows about a link or charge (null when unknown). */
function sandboxOrder({ db, clock, paymentLinks, getById }: SandboxSimulatorDeps, id: string) {
  const link = getLink(paymentLinks, id);
  if (link) {
    return {
      kind: 'link' as const,
      name: link.customerName,
      email: link.customerEmail,
      planType: link.planType,
      amount: link.amount,
      status: link.status,
      /** Past its deadline, the provider's answer awaited: not payable, "em verificação" (ADR 030). */
      verifying: awaitingDeadlineAnswer(link, clock.now()),
    };
  }
  const payment = getById(id);
  if (!payment || payment.provider !== 'sandbox') return null;
  const subscriber = db
    .select({ name: subscribers.name, email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.id, payment.subscriberId))
    .get();
  return {
    kind: 'charge' as const,
    name: payment.billingData?.name ?? subscriber?.name ?? '',
    email: subscriber?.email ?? '',
    planType: payment.planType,
    amount: payment.amount,
    status: payment.status,
    method: payment.method,
  };
}

export function createSandboxSimulator(deps: SandboxSimulatorDeps) {
  return {
    /** `POST /sandbox/tokens`: the sandbox's stand-in for the provider's tokens endpoint. */
    sandboxCardToken: (appId: string | undefined, body: unknown) =>
      sandboxOnly(deps.provider).createCardToken(appId, body),
    sandboxWebhook: (
      id: string,
      outcome: SandboxAct['outcome'],
      method: PaymentMethod,
      details: Omit<SandboxAct, 'outcome' | 'method'> = {},
    ): SignedWebhook => sandboxWebhook(deps, id, { ...details, outcome, method }),
    /** The sandbox page's decision for a typed card (the rules of its test cards). */
    sandboxDecideCard(card: { number: string; expMonth: number; expYear: number }) {
      const sandbox = sandboxOnly(deps.provider);
      const number = card.number.replace(/\D/g, '');
      return { ...sandbox.decideCard(card), card: { brand: cardBrand(number), last4: cardLast4(number) } };
    },
    sandboxPix: (id: string): Promise<{ qrCodeText: string; qrImage: string } | null> => sandboxPix(deps, id),
    sandboxOrder: (id: string) => sandboxOrder(deps, id),
  };
}
