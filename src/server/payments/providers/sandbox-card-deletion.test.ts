/**
 * The sandbox deletes a saved card as Pagar.me does (ADR 052): deleted once, then gone (Pagar.me's
 * 404), and a renewal charged on it afterwards is refused as a card the sandbox no longer has.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from './sandbox';
import { savedCardOf } from './sandbox/cards';
import { SANDBOX_APPROVED_CARD, SANDBOX_MSG } from './sandbox/constants';

const now = new Date('2026-06-01T15:00:00Z');
const sandbox = () =>
  createSandboxProvider({
    publicUrl: () => 'http://localhost',
    pix: () => ({ pixKey: 'clube@exemplo.com.br', merchantName: 'Confraria', merchantCity: 'Sao Paulo' }),
    now: () => now,
  });

describe('the sandbox deletes a saved card', () => {
  it('deleted, then gone; a renewal on it is refused', async () => {
    const provider = sandbox();
    const card = savedCardOf('sub_1', { number: SANDBOX_APPROVED_CARD, expMonth: 12, expYear: 2030 });
    const renewal = {
      paymentId: 'pay_1',
      attempt: 1,
      amount: 89700,
      description: 'Renovação anual',
      instrument: { kind: 'card' as const, ...card },
    };
    expect((await provider.chargeRecurring(renewal)).status).toBe('paid');
    expect(await provider.deleteSavedCard(card)).toEqual({ status: 'deleted' });
    expect(await provider.deleteSavedCard(card)).toEqual({ status: 'gone' });
    expect(await provider.chargeRecurring({ ...renewal, paymentId: 'pay_2' })).toMatchObject({
      status: 'failed',
      failureReason: SANDBOX_MSG.savedCardUnknown,
    });
  });

  it('a reference the sandbox never issued is gone', async () => {
    expect(
      await sandbox().deleteSavedCard({ providerCustomerId: 'cus_x', providerCardId: 'card_x' }),
    ).toEqual({ status: 'gone' });
  });
});
