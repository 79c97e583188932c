/**
 * A payment link past its 48 hours reads "em verificação" (`verifying: true`, status `pending`) on
 * every list and detail until Pagar.me says it was not paid (ADR 030), against the fake Pagar.me
 * on loopback: the member's links and one link's details (REST), the admin's open links (REST and
 * tRPC) and the tracking page's answer agree. They used to say `expired` by the clock alone.
 */
import { describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '../../../../tests/app';
import { rows } from '../../../../tests/checkout';
import type { FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { makeMember } from '../../../../tests/member';
import { usePagarmeApp } from '../../../../tests/pagarme-app';
import { login } from '../../identity/accounts/sign-in';
import { createForSubscriber } from './create-link';
import { reconcile } from '../reconciliation/run';

let t: TestApp;
let fake: FakePagarme;
usePagarmeApp((app) => ({ t, fake } = app));

const MINUTE = 60 * 1000;
/** A session of now (the 48 hours the test waits outlive the first one). */
const signInAgain = async (email: string) =>
  (await login(t.services.accounts, { email, password: 'segredo123' })).token;

describe('a link past its deadline on the member’s and the admin’s lists', () => {
  it('reads "em verificação" while Pagar.me cannot be asked, and expired only once it says unpaid', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const tokens = { member: member.token, admin: admin.token };
    const link = await createForSubscriber(t.services.paymentLinks, member.subscriberId, 'annual', null);
    const get = async (url: string, token: string) => {
      const res = await t.request({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const memberList = () => get('/api/payment-links/user', tokens.member);
    const details = (token: string) => get(`/api/payment-links/details/${link.id}`, token);
    const openRest = () =>
      get(`/api/admin/subscribers/${member.subscriberId}/open-payment-links`, tokens.admin);
    const openTrpc = () => t.caller(tokens.admin).payments.openLinks({ subscriberId: member.subscriberId });
    const tracking = async () =>
      (await t.request({ method: 'GET', url: `/api/payment-links/status-public/${link.id}` })).json();

    // Within its 48 hours: payable, not in verification.
    expect((await memberList()).paymentLinks).toMatchObject([
      { id: link.id, status: 'pending', verifying: false },
    ]);

    // Past its deadline, Pagar.me unreachable: every reader says "em verificação", none "expired".
    t.clock.advance(48 * 3600 * 1000 + MINUTE);
    tokens.member = await signInAgain(member.email);
    tokens.admin = await signInAgain(admin.email);
    fake.fail(50, 503);
    await reconcile(t.services.reconciliation);
    expect(rows(t).links()[0]?.status).toBe('pending');
    const verifying = { id: link.id, status: 'pending', verifying: true, lastAttemptFailed: false };
    const list = await memberList();
    expect(list).toMatchObject({ success: true, paymentLinks: [verifying] });
    expect(JSON.stringify(list)).not.toContain('expired');
    expect(await details(tokens.member)).toMatchObject({ success: true, paymentLink: verifying });
    expect(await details(tokens.admin)).toMatchObject({ success: true, paymentLink: verifying });
    expect(await openRest()).toMatchObject({ success: true, paymentLinks: [verifying] });
    expect(await openTrpc()).toMatchObject({ success: true, paymentLinks: [verifying] });
    expect(await tracking()).toMatchObject({ status: 'pending', verifying: true });
    // No money moved while it was unknown.
    expect(fake.orders.size).toBe(0);
    expect(
      rows(t)
        .payments()
        .filter((payment) => payment.paymentLinkId === link.id),
    ).toHaveLength(0);

    // Pagar.me answers again: not paid, so now, and only now, it is expired everywhere.
    fake.fail(0);
    t.clock.advance(5 * MINUTE);
    await reconcile(t.services.reconciliation);
    expect(rows(t).links()[0]?.status).toBe('expired');
    const expired = { id: link.id, status: 'expired', verifying: false };
    expect((await memberList()).paymentLinks).toMatchObject([expired]);
    expect((await details(tokens.member)).paymentLink).toMatchObject(expired);
    // No longer open: off the admin's "Cancelar link" list.
    expect((await openRest()).paymentLinks).toEqual([]);
    expect((await openTrpc()).paymentLinks).toEqual([]);
    expect(await tracking()).toMatchObject({ status: 'expired', verifying: false });
  });
});
