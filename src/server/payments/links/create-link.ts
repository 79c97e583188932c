/** Creating links: at the provider first, then on file; from the checkout, after registration, or for a subscriber. */
import type { PublicUser } from '../../../shared/auth-schemas';
import {
  CHECKOUT_MSG,
  type CreatePublicLinkData,
  type HeldBackAttempt,
  type HeldBackLink,
} from '../../../shared/checkout-schemas';
import { normalizedEmail } from '../../../shared/email-address';
import { SUBSCRIBER_MSG } from '../../../shared/subscriber-schemas';
import { PAYMENT_LINK_TTL_HOURS, type PlanType } from '../../../shared/plans';
import { HOUR_MS } from '../../../shared/sao-paulo-time';
import { type BillingData, type PaymentLink, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { PAYMENT_MSG } from '../messages';
import { planDescription, planForAmount, priceOf, provenRecord } from '../pricing';
import {
  billingDataOf,
  billingDataOfSubscriber,
  type CheckoutProfile,
} from '../../membership/subscribers/subscribers';
import { heldBack, heldBackByLink, unsettledAttemptOf, unsettledLinkOf } from '../unsettled-attempts';
import type { PaymentLinksContext } from './context';
import { customerOf, PROVIDER_CHECK_INTERVAL_MS } from './link-details';
import { refreshFromProvider } from './link-status';

export interface NewLink {
  subscriber: Subscriber;
  planType: PlanType;
  amount: number;
  billing: BillingData;
  createdBy?: string | null;
  /** `?ref=` of the checkout: applied only when this link is paid (payment-confirmation.ts). */
  referralCode?: string | null;
}

/** A link the provider has opened, not yet on file. */
interface OpenedLink {
  id: string;
  providerLinkId: string;
  url: string;
  expiresAt: Date;
  createdAt: Date;
}

/**
 * Opens the link at the provider, for a subscriber that may not be on file yet (its id is chosen
 * before the call). Provider failures become a Portuguese 502, and nothing is written.
 */
async function openAtProvider(
  { clock, env, log, provider, settings }: PaymentLinksContext,
  input: { subscriberId: string; planType: PlanType; amount: number; billing: BillingData },
): Promise<OpenedLink> {
  const id = newId();
  const createdAt = clock.now();
  const expiresAt = new Date(createdAt.getTime() + PAYMENT_LINK_TTL_HOURS * HOUR_MS);
  try {
    const created = await provider.createPaymentLink({
      linkId: id,
      amount: input.amount,
      planType: input.planType,
      description: planDescription(input.planType, settings.get()),
      customer: customerOf(input.subscriberId, input.billing),
      expiresAt,
      successUrl: `${env.publicUrl}/checkout/payment-link-success?payment_link_id=${id}`,
    });
    return { id, providerLinkId: created.providerLinkId, url: created.url, expiresAt, createdAt };
  } catch (error) {
    log.warn(
      { err: (error as Error).message, subscriberId: input.subscriberId },
      'payment link creation failed',
    );
    throw new AppError('BAD_GATEWAY', CHECKOUT_MSG.createLinkFailed);
  }
}

/** Stores a link the provider opened. */
function recordLink(
  { statements, provider }: PaymentLinksContext,
  input: NewLink,
  opened: OpenedLink,
): PaymentLink {
  return statements.insertLink.row({
    id: opened.id,
    subscriberId: input.subscriber.id,
    planType: input.planType,
    amount: input.amount,
    provider: provider.name,
    providerLinkId: opened.providerLinkId,
    url: opened.url,
    customerName: input.billing.name,
    customerEmail: input.billing.email,
    billingData: input.billing,
    referralCode: input.referralCode ?? null,
    createdBy: input.createdBy ?? null,
    expiresAt: opened.expiresAt,
    createdAt: opened.createdAt,
    updatedAt: opened.createdAt,
  })!;
}

/** Creates the link at the provider and stores it, for a subscriber on file. */
export async function createLink(ctx: PaymentLinksContext, input: NewLink): Promise<PaymentLink> {
  const opened = await openAtProvider(ctx, { ...input, subscriberId: input.subscriber.id });
  return recordLink(ctx, input, opened);
}

/** What a checkout asks for: the link's plan and price, and who pays it. */
interface CheckoutLinkRequest {
  profile: CheckoutProfile;
  /** The caller signed in, if any (see upsertForCheckout). */
  user: Pick<PublicUser, 'id' | 'email'> | null;
  existing: Subscriber | undefined;
  planType: PlanType;
  amount: number;
  /** The billing data the link carries, from the subscriber on file or, for a new one, the profile. */
  billing: BillingData;
  referralCode?: string | null;
}

/**
 * A checkout's link and, for a new e-mail, its subscriber, written once the provider answered: a
 * provider failure leaves nothing behind. One transaction: a disk that fills up between the two
 * writes refuses both at COMMIT, and never leaves a `pending_payment` record without its link
 * (ADR 013, "Writes that are on disk"; it costs the subscriber's insert a statement journal,
 * ADR 043). If another checkout created the same e-mail's record meanwhile, the link goes to that
 * record (the provider's customer code is only a label).
 */
async function createForCheckout(ctx: PaymentLinksContext, request: CheckoutLinkRequest) {
  const { profile, user, existing, planType, amount, billing } = request;
  const subscriberId = existing?.id ?? newId();
  const opened = await openAtProvider(ctx, { subscriberId, planType, amount, billing });
  return ctx.db.transaction(() => {
    // A record on file is never changed by a checkout: only a new e-mail is written.
    const subscriber =
      existing ?? ctx.subscribers.upsertForCheckout(profile, amount, user, subscriberId).subscriber;
    return recordLink(
      ctx,
      { subscriber, planType, amount, billing, referralCode: request.referralCode ?? null },
      opened,
    );
  });
}

function sameBilling(a: BillingData, b: BillingData): boolean {
  return (Object.keys(a) as (keyof BillingData)[]).every((key) => a[key] === b[key]);
}

/** The profile the /checkout form typed. */
function profileOfCheckout(input: CreatePublicLinkData): CheckoutProfile {
  return {
    name: input.customerName,
    email: input.customerEmail,
    phone: input.customerPhone,
    cpf: input.customerDocument,
    street: input.customerStreet,
    number: input.customerNumber,
    complement: input.customerComplement,
    neighborhood: input.customerNeighborhood,
    city: input.customerCity,
    state: input.customerState,
    zipCode: input.customerCep,
  };
}

/**
 * The same checkout submitted again (Back after "Link de Pagamento Criado!", a double click) gets
 * the link it already has, not a second one. Only an identical form: someone typing another
 * person's e-mail learns nothing they did not type themselves.
 */
function repeatedCheckoutLink(
  { statements, clock }: PaymentLinksContext,
  wanted: {
    subscriberId: string;
    planType: PlanType;
    amount: number;
    billing: BillingData;
    ref: string | null;
  },
): PaymentLink | undefined {
  // Newest first, as the checkout has always answered; sorted here (see the statement).
  return statements.payableCheckoutLinks
    .all({
      subscriberId: wanted.subscriberId,
      planType: wanted.planType,
      amount: wanted.amount,
      now: clock.now().getTime(),
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .find(
      (link) => sameBilling(link.billingData, wanted.billing) && (link.referralCode ?? null) === wanted.ref,
    );
}

/** How many of a person's overdue links one checkout asks the provider about. */
const LINKS_ASKED_PER_CHECKOUT = 3;

/**
 * One person, one charge while an attempt is unknown (ADR 030): a person (same e-mail or CPF) with
 * an in-page attempt in verification, a card attempt awaiting its answer, or a link past its
 * deadline whose answer is awaited gets no new link to pay — the same rule and answers as the
 * in-page checkout (`unsettled-attempts.ts`). Nothing is written and no link is made. Such a link is
 * asked about first (at most once a minute, as the tracking page does): a provider that answers
 * "unpaid" expires it and the checkout goes on; one that cannot be reached holds the checkout back.
 */
async function heldBackCheckout(
  ctx: PaymentLinksContext,
  person: { email: string; cpf: string | null },
): Promise<HeldBackAttempt | HeldBackLink | undefined> {
  const unsettled = unsettledAttemptOf(ctx, person);
  if (unsettled) return heldBack(ctx, unsettled, person);
  const dueForQuestion = (link: PaymentLink) =>
    ctx.clock.now().getTime() - (link.checkedAt?.getTime() ?? 0) > PROVIDER_CHECK_INTERVAL_MS;
  // Each of the person's overdue links is asked once (a few at most per checkout); one left
  // unanswered, or asked less than a minute ago, holds the checkout back.
  const asked = new Set<string>();
  let overdue = unsettledLinkOf(ctx, person);
  while (
    overdue &&
    !asked.has(overdue.id) &&
    asked.size < LINKS_ASKED_PER_CHECKOUT &&
    dueForQuestion(overdue)
  ) {
    asked.add(overdue.id);
    await refreshFromProvider(ctx, overdue.id, 'checkout');
    overdue = unsettledLinkOf(ctx, person);
  }
  return overdue ? heldBackByLink(ctx, overdue, person) : undefined;
}

/**
 * POST /payment-links/create-public: the /checkout form. `user` is the signed-in caller, if
 * any: a subscriber created here for that account's own e-mail is tied to it.
 */
export async function createPublic(
  ctx: PaymentLinksContext,
  input: CreatePublicLinkData,
  user: Pick<PublicUser, 'id' | 'email'> | null = null,
): Promise<{ paymentLink: { id: string; url: string } } | HeldBackAttempt | HeldBackLink> {
  // The renewal price is for a member who proved who they are (signed in, or the link the club
  // sends): anonymously, `renewal` is refused with the same words whatever the e-mail.
  if (input.planType === 'renewal' && !user) {
    throw new AppError('BAD_REQUEST', CHECKOUT_MSG.renewalSignInRequired);
  }
  const held = await heldBackCheckout(ctx, { email: input.customerEmail, cpf: input.customerDocument });
  if (held) return held;
  const existing = ctx.subscribers.findByEmail(input.customerEmail);
  const amount = priceOf(input.planType, ctx.settings.get(), provenRecord(existing, user));
  const profile = profileOfCheckout(input);
  // The profile and the referral code travel with the link: they count only if it is paid.
  const billing = { ...billingDataOf(profile), email: normalizedEmail(input.customerEmail) };
  const ref = input.ref || null;
  const again =
    existing &&
    repeatedCheckoutLink(ctx, {
      subscriberId: existing.id,
      planType: input.planType,
      amount,
      billing,
      ref,
    });
  if (again) return { paymentLink: { id: again.id, url: again.url } };
  const link = await createForCheckout(ctx, {
    profile,
    user,
    existing,
    planType: input.planType,
    amount,
    billing,
    referralCode: ref,
  });
  return { paymentLink: { id: link.id, url: link.url } };
}

/**
 * The billing data of a link made right after registration. A new record holds only the name and
 * e-mail: the same billing data it would give. A record on file lends its own data only to its own
 * account: an anonymous caller typing someone's e-mail gets a link (and a public status page) with
 * what they typed, never the name or contacts the club keeps.
 */
function checkoutLinkBilling(
  profile: { name: string; email: string; phone: string; cpf: null },
  existing: Subscriber | undefined,
  user: Pick<PublicUser, 'id'> | null,
): BillingData {
  return existing && user && existing.userId === user.id
    ? billingDataOfSubscriber(existing)
    : billingDataOf(profile);
}

/**
 * POST /payments/create-checkout-link (right after registration): a link for that e-mail, only
 * for an amount the club offers that person: the new-membership price to an anonymous caller
 * whatever the e-mail (no answer tells a member's e-mail from a stranger's), the renewal price
 * only to the signed-in account's own approved record. Signed in, the account's own name and
 * e-mail are used (whatever the body says), and a subscriber created here is tied to the account.
 */
export async function createCheckoutLink(
  ctx: PaymentLinksContext,
  input: { name: string; email: string; amount: number },
  user: Pick<PublicUser, 'id' | 'name' | 'email'> | null = null,
) {
  const name = user?.name ?? input.name;
  const email = user?.email ?? input.email;
  // No CPF is typed here: a held-back attempt is answered 409, never shown (heldBack).
  const held = await heldBackCheckout(ctx, { email, cpf: null });
  if (held) return held;
  const existing = ctx.subscribers.findByEmail(email);
  const planType = planForAmount(input.amount, ctx.settings.get(), provenRecord(existing, user));
  const profile = { name, email: normalizedEmail(email), phone: '', cpf: null };
  const link = await createForCheckout(ctx, {
    profile,
    user,
    existing,
    planType,
    amount: input.amount,
    billing: checkoutLinkBilling(profile, existing, user),
  });
  return { checkoutUrl: link.url, paymentLink: { id: link.id, url: link.url } };
}

function subscriberOnFile(ctx: PaymentLinksContext, subscriberId: string): Subscriber {
  const subscriber = ctx.subscribers.getById(subscriberId);
  if (!subscriber) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
  return subscriber;
}

/** The link of a record on file: its price and billing data from the record. */
function linkForRecord(
  ctx: PaymentLinksContext,
  subscriber: Subscriber,
  planType: PlanType,
  createdBy: string | null,
) {
  const amount = priceOf(planType, ctx.settings.get(), subscriber);
  return createLink(ctx, {
    subscriber,
    planType,
    amount,
    billing: billingDataOfSubscriber(subscriber),
    createdBy,
  });
}

/**
 * The member's own renewal from the portal: the same person as any checkout of that record, so it
 * is held back by the same rule while one of their attempts is unknown (a second link paid would
 * be a second year). Nothing is made; the portal shows why.
 */
export async function createForMember(
  ctx: PaymentLinksContext,
  subscriberId: string,
  planType: PlanType,
  createdBy: string,
) {
  const subscriber = subscriberOnFile(ctx, subscriberId);
  if (await heldBackCheckout(ctx, { email: subscriber.email, cpf: subscriber.cpf })) {
    throw new AppError('CONFLICT', PAYMENT_MSG.verifyingForPerson);
  }
  return linkForRecord(ctx, subscriber, planType, createdBy);
}

/** A link for an existing subscriber (admin, renewal job): billing data from the profile. */
export async function createForSubscriber(
  ctx: PaymentLinksContext,
  subscriberId: string,
  planType: PlanType,
  createdBy: string | null = null,
) {
  return linkForRecord(ctx, subscriberOnFile(ctx, subscriberId), planType, createdBy);
}
