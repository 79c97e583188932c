/**
 * The PIX key where a member's referral commissions are paid (ADR 046). It is where money goes,
 * so it is treated like a contact that receives credentials (ADR 027): it is typed by the member
 * in the portal, only with the current password (counted like a sign-in), and every change is told
 * on the account's proven e-mail with the "não fui eu" link. The key is read as every PIX type it
 * can be and stored in the DICT format with its type (src/shared/pix-key.ts, ADR 031). The back
 * office sees it on the record; it never types it.
 */
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../shared/auth-schemas';
import {
  PAYOUT_PIX_KEY_MSG,
  type PayoutPixKey,
  type PayoutPixKeyInput,
} from '../../shared/commission-payout-schemas';
import { formatPixKey, normalizePixKey, PIX_KEY_LABELS, type PixKeyType } from '../../shared/pix-key';
import type { SignInThrottle } from '../identity/auth/sign-in-throttle';
import { subscribers, type Subscriber } from '../db/schema';
import { AppError } from '../lib/errors';
import type { AccountSecurity } from '../identity/account-security';
import { ownRecord } from '../membership/portal/subscription';
import { checkCurrentPassword } from '../identity/current-password';
import type { ServiceDeps } from '../lib/deps';
import type { SubscriberLifecycle } from '../membership/subscribers/lifecycle';
import type { SubscribersService } from '../membership/subscribers/subscribers';

type Caller = Pick<PublicUser, 'id'>;

export type PayoutPixKeyDeps = ServiceDeps & {
  accountSecurity: AccountSecurity;
  throttle: SignInThrottle;
  subscribers: SubscribersService;
  lifecycle: SubscriberLifecycle;
};

/** "CPF 529.982.247-25": the key as the screens show it, with its type. */
export function payoutKeyLabel(key: string, type: PixKeyType): string {
  return `${PIX_KEY_LABELS[type]} ${formatPixKey({ type, key })}`;
}

/** A record's stored key for the screens, or null when it has none (or one that no longer reads). */
export function storedPayoutKey(
  record: Pick<Subscriber, 'payoutPixKey' | 'payoutPixKeyType' | 'payoutPixKeyUpdatedAt'>,
): PayoutPixKey | null {
  const { payoutPixKey: key, payoutPixKeyType: type } = record;
  if (!key || !type || !normalizePixKey(key, type).ok) return null;
  return {
    key,
    type,
    label: payoutKeyLabel(key, type),
    updatedAt: record.payoutPixKeyUpdatedAt ? record.payoutPixKeyUpdatedAt.toISOString() : null,
  };
}

/**
 * Saves (or, with an empty key, removes) the caller's key. The password comes first, so a wrong
 * one reveals nothing about the key; a key that does not read is refused and nothing changes.
 */
async function save(
  deps: PayoutPixKeyDeps,
  user: Caller,
  input: PayoutPixKeyInput,
  ip?: string,
): Promise<{ message: string; payoutPixKey: PayoutPixKey | null }> {
  await checkCurrentPassword(deps, user.id, input.currentPassword, ip);
  const record = ownRecord(deps, user);
  const typed = input.pixKey.trim();
  let next: { key: string; type: PixKeyType } | null = null;
  if (typed) {
    const pix = normalizePixKey(typed, input.pixKeyType ?? null);
    if (!pix.ok) throw new AppError('BAD_REQUEST', pix.message);
    next = { key: pix.key, type: pix.type };
  } else if (!record.payoutPixKey) {
    throw new AppError('BAD_REQUEST', PAYOUT_PIX_KEY_MSG.noneToRemove);
  }
  if (next && next.key === record.payoutPixKey && next.type === record.payoutPixKeyType) {
    return { message: PAYOUT_PIX_KEY_MSG.unchanged, payoutPixKey: storedPayoutKey(record) };
  }
  const now = deps.clock.now();
  const saved = deps.db.transaction((tx) => {
    const [row] = tx
      .update(subscribers)
      .set({
        payoutPixKey: next?.key ?? null,
        payoutPixKeyType: next?.type ?? null,
        payoutPixKeyUpdatedAt: next ? now : null,
        updatedAt: now,
      })
      .where(eq(subscribers.id, record.id))
      .returning()
      .all();
    // The history names the change and the type, never the key (an erasure keeps the line).
    deps.lifecycle.record({
      subscriberId: record.id,
      event: next ? 'payout_pix_key_changed' : 'payout_pix_key_removed',
      actor: { kind: 'member', id: user.id },
      details: next ? { type: next.type } : null,
    });
    return row!;
  });
  deps.accountSecurity.notify(user.id, next ? 'payout_pix_key_changed' : 'payout_pix_key_removed');
  deps.log.info({ subscriberId: record.id, type: next?.type ?? null }, 'payout PIX key changed');
  return {
    message: next ? PAYOUT_PIX_KEY_MSG.saved : PAYOUT_PIX_KEY_MSG.removed,
    payoutPixKey: storedPayoutKey(saved),
  };
}

export function createPayoutPixKey(deps: PayoutPixKeyDeps) {
  return {
    mine: (user: Caller): PayoutPixKey | null => storedPayoutKey(ownRecord(deps, user)),
    save: (user: Caller, input: PayoutPixKeyInput, ip?: string) => save(deps, user, input, ip),
  };
}
