/**
 * An anonymous link never names a person on file (ADR 027): a stranger typing a member's e-mail
 * at POST /api/payments/create-checkout-link gets a link whose public status page shows what the
 * stranger typed, never the full name the club keeps.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { makeMember } from '../../../tests/member';

let t: TestApp;
useTestApp((app) => (t = app));

describe('anonymous checkout link for an e-mail on file', () => {
  it('the public status page (REST and tRPC) shows the typed name, not the stored one', async () => {
    const member = await makeMember(t, { name: 'Helena Guardada Sigilo' });
    const created = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      payload: { name: 'Alguém Qualquer', email: member.email, amount: 149700 },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ paymentLink: { id: string } }>().paymentLink.id;
    const status = await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` });
    expect(status.statusCode).toBe(200);
    expect(status.body).not.toContain('Helena');
    expect(status.body).not.toContain('Sigilo');
    const viaTrpc = await t.caller().checkout.linkStatus({ id });
    expect(JSON.stringify(viaTrpc)).not.toContain('Helena');
  });
});
