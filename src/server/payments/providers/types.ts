/**
 * The one payment-provider interface (docs/product/decisions.md §6). Two implementations: the built-in sandbox
 * (default) and Pagar.me v5 (`PAGARME_SECRET_KEY`). Services speak only this interface; provider
 * wire formats stay inside the implementation files.
 */
import type { AddressOf } from '../../../shared/fields/address';
import type { PaymentMethod, PlanType } from '../../../shared/plans';
import type { ProviderStatus } from '../../lib/provider-status';

export type PaymentProviderName = 'sandbox' | 'pagarme';

/** The customer as a provider needs it (from the checkout's billing data). */
export interface ProviderCustomer {
  /** Our subscriber id (Pagar.me `customer.code`). */
  code: string;
  name: string;
  email: string;
  /** Digits with area code. */
  phone: string;
  /** 11 digits. */
  cpf: string;
  address: AddressOf<string>;
}

export interface CreateLinkInput {
  /** Our payment-link id: the order code at the provider and the sandbox page's key. */
  linkId: string;
  amount: number;
  planType: PlanType;
  description: string;
  customer: ProviderCustomer;
  expiresAt: Date;
  /** Where the provider sends the customer after paying. */
  successUrl: string;
}

export interface CreatedLink {
  providerLinkId: string;
  url: string;
}

/** Raw card data: goes to the provider and nowhere else (never stored, never logged). */
export interface CardInput {
  number: string;
  holderName: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

export interface CreateChargeInput {
  /** Our payment id: the order code at the provider. */
  paymentId: string;
  amount: number;
  description: string;
  method: PaymentMethod;
  customer: ProviderCustomer;
  /** A card token created in the browser with the provider's public key (one use, 60 s). */
  cardToken?: string;
  /** Raw card data: the sandbox only (tests and scripts); production takes tokens. */
  card?: CardInput;
  /** PIX: how long the code stays payable. */
  pixExpiresInSeconds?: number;
  /**
   * Card: the name on the member's card bill (the club's setting, `statementDescriptor`); the
   * provider's own default when absent.
   */
  statementDescriptor?: string;
  /**
   * Which attempt of this payment this is (1, 2…). Every retry of one attempt carries the same
   * idempotency key (`order-{paymentId}-{attempt}`), so the provider never charges it twice; the
   * order also carries it (`metadata.attempt`) so a lookup by our code tells attempts apart.
   */
  attempt: number;
}

/** An order the provider holds under our code, and the attempt that created it when it says. */
export interface FoundOrder {
  attempt: number | null;
  charge: ChargeResult;
}

/** What the provider says about a charge, normalised. */
export interface ChargeResult {
  /**
   * `refunding`: a refund the provider accepted and has not completed (a PIX refund takes time).
   * `chargedback`: the card holder disputed the charge with the bank and the money was taken back.
   */
  status: 'paid' | 'pending' | 'failed' | 'refunded' | 'refunding' | 'cancelled' | 'chargedback';
  providerOrderId: string | null;
  providerChargeId: string | null;
  method: PaymentMethod | null;
  /**
   * Cents the provider says were paid (or asked, for a charge not paid yet). Null when the provider
   * did not say: never read as zero or as "paid in full" — the provider is asked again.
   */
  amount: number | null;
  paidAt: Date | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The provider's reason for a refusal, shown to the customer as given. */
  failureReason: string | null;
  pix: { qrCodeText: string; expiresAt: Date } | null;
  /**
   * Cents the provider says were given back so far (Pagar.me `canceled_amount`): on a charge still
   * `paid`, a partial refund (one made in the provider's dashboard, or the refund of a surplus).
   * Absent or null when nothing was given back.
   */
  refundedAmount?: number | null;
  /**
   * The card a paid card charge left on the provider's customer (its references, brand, last four
   * and expiry; never the number): what automatic renewal charges later. Absent when the provider
   * did not say.
   */
  savedCard?: SavedCard | null;
}

/** The paid charge asked about: Pagar.me reads its id; the sandbox makes its figures from the rest. */
export interface ChargeFiguresInput {
  providerChargeId: string;
  amount: number;
  method: PaymentMethod | null;
  paidAt: Date;
}

/** What the provider says one paid charge brings the club: integer cents and the payout date. */
export interface ChargeFigures {
  gross: number;
  fee: number;
  /** `gross - fee`. */
  net: number;
  /** When the provider expects to pay the net out; null when it did not say. */
  payoutDate: Date | null;
  /** The money was paid out: these figures no longer change. */
  final: boolean;
}

/** A card the provider keeps for a customer: references and what may be shown, never the number. */
export interface SavedCard {
  providerCustomerId: string;
  providerCardId: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/** Where the provider keeps a saved card: its customer and card ids, nothing else. */
export type SavedCardReference = Pick<SavedCard, 'providerCustomerId' | 'providerCardId'>;

/**
 * What a merchant-initiated charge is made on: a saved card today. PIX Automático (an authorization
 * the payer gives in their bank) would be another kind here, with its own consent, should the
 * provider document it (docs/decisions/052-automatic-renewal.md).
 */
export type RecurringInstrument = { kind: 'card'; providerCustomerId: string; providerCardId: string };

/** A renewal charged without the member present (automatic renewal), as one in-page attempt. */
export interface RecurringChargeInput {
  /** Our payment id: the order code at the provider. */
  paymentId: string;
  /** The attempt of this payment (always 1: each renewal attempt is its own payment). */
  attempt: number;
  amount: number;
  description: string;
  instrument: RecurringInstrument;
  /** The club's name on the card bill (`statementDescriptor`). */
  statementDescriptor?: string;
}

export interface RefundResult {
  status: 'refunded' | 'processing';
}

export interface LinkStatusResult {
  /** True only together with the paying charge (its id and amount); otherwise wait for the webhook. */
  paid: boolean;
  charge: ChargeResult | null;
}

/**
 * A verified webhook turned into what it means for us, after the provider's own state was read
 * back where the provider does not sign its webhooks (Pagar.me: re-fetch before acting).
 */
export interface PaymentEvent {
  hookId: string;
  type: string;
  /**
   * `chargedback`: the charge was disputed and the money taken back; `partially_refunded`: part of a
   * paid charge was given back (its `refundedAmount`), the rest stays paid.
   */
  outcome: 'paid' | 'failed' | 'expired' | 'refunded' | 'chargedback' | 'partially_refunded' | 'ignored';
  /** Our reference (payment-link id or payment id) when the provider echoes it (order code). */
  reference: string | null;
  providerLinkId: string | null;
  /**
   * Every value the provider returned that may be our reference or the provider's link id, in order
   * of trust (the first ones are `reference` / `providerLinkId`): Pagar.me does not document which
   * field an order born from a payment link carries our code in (ADR 020), so each is tried.
   */
  references?: string[];
  providerLinkIds?: string[];
  charge: ChargeResult | null;
  /**
   * The webhook announced something (e.g. `order.paid`) that the provider's own state does not show
   * yet: answered non-2xx so the provider delivers it again later.
   */
  retryLater?: boolean;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** Where the browser turns a card into a token, and the public key it sends (`?appId=`). */
export interface CardTokenizer {
  /** `POST {url}?appId={publicKey}` with `{ type: 'card', card: {...} }` → `{ id: 'token_…' }`. */
  url: string;
  publicKey: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Where browsers tokenize cards; null when card payments cannot be taken (no public key). */
  cardTokenizer(): CardTokenizer | null;
  createPaymentLink(input: CreateLinkInput): Promise<CreatedLink>;
  /** Asks the provider whether a link was paid (status refreshes; webhooks are the main path). */
  getPaymentLinkStatus(link: {
    id: string;
    providerLinkId: string | null;
    amount: number;
  }): Promise<LinkStatusResult>;
  /**
   * Voids an unpaid payment link so that nobody can pay it any more: `cancelled`, or `paid` when
   * the provider says it was paid first (the payment then comes through its webhook or a status
   * read). Rejects with a safe Portuguese message when the provider refuses, and with
   * `ProviderError.outcomeUnknown` when its answer was lost (the link may or may not be cancelled).
   */
  cancelPaymentLink(link: {
    id: string;
    providerLinkId: string | null;
  }): Promise<{ status: 'cancelled' | 'paid' }>;
  createCharge(input: CreateChargeInput): Promise<ChargeResult>;
  /**
   * Charges a saved instrument without the customer (automatic renewal): one order under our code
   * with the idempotency key `order-{paymentId}-{attempt}`, like `createCharge`; a lost answer is
   * `ProviderError.outcomeUnknown` and is looked up by `findOrders`.
   */
  chargeRecurring(input: RecurringChargeInput): Promise<ChargeResult>;
  /**
   * Deletes a card the provider keeps for a customer (an LGPD erasure, ADR 052): `deleted`, or
   * `gone` when the provider no longer has it (deleted by an earlier try whose answer was lost).
   * Rejects with a safe message when the provider refuses, and with `ProviderError.outcomeUnknown`
   * when it cannot be reached or its answer was lost (the caller asks again later).
   */
  deleteSavedCard(card: SavedCardReference): Promise<{ status: 'deleted' | 'gone' }>;
  /**
   * Voids an in-page charge nobody paid (a PIX still waiting), so that it can no longer be paid:
   * `cancelled`, or `paid` when the provider says it was paid first (never refunded here: the
   * caller records the payment). Rejects with a safe Portuguese message when the provider refuses,
   * and with `ProviderError.outcomeUnknown` when it cannot be reached or its answer was lost.
   */
  voidCharge(input: {
    paymentId: string;
    providerChargeId: string;
  }): Promise<{ status: 'cancelled' | 'paid' }>;
  /**
   * Refunds (cancels) `amount` of a paid charge — all of it, or a part (the surplus of an overpaid
   * charge, what is left after a partial refund): `refunded` when done, `processing` when the
   * provider accepted it and completes it later (its webhook or a reconciliation read says when).
   * Rejects with a safe Portuguese message when the provider refuses, and with
   * `ProviderError.outcomeUnknown` when its answer was lost.
   */
  refund(input: {
    paymentId: string;
    providerChargeId: string;
    amount: number;
    /** The refund request's number (1, 2…): its idempotency key, new after a refund that came back. */
    attempt: number;
  }): Promise<RefundResult>;
  /**
   * Every order the provider holds under our code (a payment id), newest last: how an attempt whose
   * answer was lost is found, and how a second charge of it shows. Empty when there is none.
   */
  findOrders(input: { reference: string }): Promise<FoundOrder[]>;
  /** The provider's current state of one of our charges (reconciliation); null when it has none. */
  getCharge(input: { paymentId: string; providerChargeId: string | null }): Promise<ChargeResult | null>;
  /**
   * The provider's figures of a paid charge (gross, fee, net, expected payout): null while the
   * provider holds none yet (a charge paid seconds ago). A lost answer rejects: the figures stay
   * unknown, never zero (docs/decisions/054-month-close.md).
   */
  getChargeFigures(input: ChargeFiguresInput): Promise<ChargeFigures | null>;
  /** True when the webhook really comes from the provider (signature or Basic credentials). */
  verifyWebhook(request: WebhookRequest): boolean;
  /** Parses a verified webhook (re-fetching from the provider when needed). Rejects when it cannot. */
  parseWebhook(rawBody: string): Promise<PaymentEvent>;
  /** Configuration and reachability, never revealing a key. */
  status(): Promise<ProviderStatus<PaymentProviderName>>;
}

/** Thrown by providers with a message that is safe to show (Portuguese) or log. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
    /**
     * The request may have been carried out although no answer came back (network failure,
     * timeout, 5xx): a create must then be looked up, never taken as refused.
     */
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
