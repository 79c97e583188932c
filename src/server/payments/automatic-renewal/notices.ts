/**
 * The member's messages about automatic renewal, queued in the outbox inside the caller's
 * transaction: the e-mail always, the WhatsApp only to a number the member proved (ADR 027).
 */
import { eq } from 'drizzle-orm';
import { cardLabel } from '../../../shared/automatic-renewal';
import type { Channel, TemplateKey } from '../../../shared/notifications';
import { accountPhones, type AutomaticRenewal, type Subscriber } from '../../db/schema';
import type { AutomaticRenewalDeps } from './context';

type Tx = Parameters<Parameters<AutomaticRenewalDeps['db']['transaction']>[0]>[0];

/** Templates that also go by WhatsApp (the notice before the date; a card expiring). */
const ALSO_WHATSAPP: ReadonlySet<TemplateKey> = new Set([
  'automatic_renewal_notice',
  'automatic_renewal_card_expiring',
]);

/** "Minha Assinatura": where the member turns it off, updates the card or pays by PIX. */
export const manageUrl = (deps: Pick<AutomaticRenewalDeps, 'env'>) =>
  `${deps.env.publicUrl}/user/subscription`;

function provenPhoneOf(tx: Tx, subscriber: Pick<Subscriber, 'userId'>): string | null {
  if (!subscriber.userId) return null;
  const row = tx
    .select({ phone: accountPhones.phone })
    .from(accountPhones)
    .where(eq(accountPhones.userId, subscriber.userId))
    .get();
  return row?.phone ?? null;
}

/** Returns the channels the message was queued on (the history keeps them: the record lists them). */
export function queueMemberMessage(
  deps: AutomaticRenewalDeps,
  tx: Tx,
  input: {
    subscriber: Pick<Subscriber, 'name' | 'email' | 'userId'>;
    card: Pick<AutomaticRenewal, 'cardBrand' | 'cardLast4'>;
    template: TemplateKey;
    vars: Record<string, string>;
  },
): Channel[] {
  const vars = {
    name: input.subscriber.name,
    card: cardLabel({ brand: input.card.cardBrand, last4: input.card.cardLast4 }),
    manageUrl: manageUrl(deps),
    ...input.vars,
  };
  deps.outbox.enqueue({
    channel: 'email',
    recipient: input.subscriber.email,
    template: input.template,
    vars,
  });
  const phone = ALSO_WHATSAPP.has(input.template) ? provenPhoneOf(tx, input.subscriber) : null;
  if (!phone) return ['email'];
  deps.outbox.enqueue({ channel: 'whatsapp', recipient: phone, template: input.template, vars });
  return ['email', 'whatsapp'];
}
