/**
 * The member portal: who may call what (every member operation taken from the definitions), one
 * member never reading or changing another's data (answers compared field by field), the referral
 * summary's documented shape, the subscription's dates, warnings, renewal, cancellation, the
 * profile, password and e-mail changes, LGPD export and deletion request, and the admin referrals.
 */
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../../tests/app';
import { refusal } from '../../../../tests/refusal';
import { rows, sandboxPay } from '../../../../tests/checkout';
import { addReferral, makeMember, type TestMember } from '../../../../tests/member';
import { spaProcedures } from '../../../../tests/procedures';
import { outbox, paymentLinks, payments, referrals, sessions, subscribers } from '../../db/schema';
import { newId } from '../../lib/ids';
import { restRoutes } from '../../rest';
import { login } from '../../identity/accounts/sign-in';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://confraria.example.com' });
});
afterEach(async () => {
  await t.close();
});

type AnyCaller = Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
const callerOf = (token?: string) => t.caller(token) as unknown as AnyCaller;
const memberProcedures = spaProcedures().filter((procedure) => procedure.access === 'member');
const memberRoutes = restRoutes.filter((route) => route.access === 'member');

describe('every member operation refuses anonymous callers and admins', () => {
  it('covers the portal (the lists are not empty)', () => {
    const names = memberProcedures.map(({ domain, name }) => `${domain}.${name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'member.overview',
        'member.profile',
        'member.updateProfile',
        'member.changeEmail',
        'member.changePassword',
        'member.renew',
        'member.cancel',
        'member.withdrawCancellation',
        'member.payments',
        'member.exportData',
        'member.requestDeletion',
        'referrals.mine',
      ]),
    );
    expect(memberRoutes.map((route) => `${route.method} ${route.path}`)).toContain('GET /user/referrals');
  });

  it('tRPC: UNAUTHORIZED without a session, FORBIDDEN for an admin', async () => {
    const admin = await t.signIn('admin');
    for (const { domain, name } of memberProcedures) {
      for (const [token, code] of [
        [undefined, 'UNAUTHORIZED'],
        [admin.token, 'FORBIDDEN'],
      ] as const) {
        const call = callerOf(token)[domain]?.[name];
        if (!call) throw new Error(`${domain}.${name} missing from the router`);
        const error = await refusal(call({}));
        expect(error, `${domain}.${name}`).toBeInstanceOf(TRPCError);
        expect(error?.code, `${domain}.${name}`).toBe(code);
      }
    }
  });

  it('REST: 401 without a session, 403 for an admin', async () => {
    const admin = await t.signIn('admin');
    for (const route of memberRoutes) {
      const url = `/api${route.path.replace(/:(\w+)/g, 'x')}`;
      const payload = route.method === 'GET' ? undefined : {};
      const anonymous = await t.request({ method: route.method, url, payload });
      expect(anonymous.statusCode, `${route.method} ${route.path}`).toBe(401);
      const asAdmin = await t.request({ method: route.method, url, payload, headers: bearer(admin.token) });
      expect(asAdmin.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(asAdmin.json()).toEqual({ error: 'Você não tem permissão para acessar esta página.' });
    }
  });
});

/** Everything member A can read of themselves, as A sees it. */
async function everythingOf(member: TestMember) {
  const caller = t.caller(member.token);
  const { exportedAt: _at, ...exported } = await caller.member.exportData();
  const rest = await t.request({ method: 'GET', url: '/api/user/referrals', headers: bearer(member.token) });
  return {
    overview: await caller.member.overview(),
    profile: await caller.member.profile(),
    payments: await caller.member.payments(),
    referrals: await caller.referrals.mine(),
    restReferrals: rest.json<unknown>(),
    exported,
  };
}

describe('one member never reads or changes another member’s data', () => {
  let a: TestMember;
  let b: TestMember;
  beforeEach(async () => {
    a = await makeMember(t, { endInDays: 20, name: 'Ana Primeira' });
    b = await makeMember(t, { endInDays: 300, name: 'Bruno Segundo' });
    addReferral(t, a, 'confirmed');
    addReferral(t, a, 'pending');
    addReferral(t, b, 'paid');
  });

  it('each read answers the caller’s own record, field by field, and nothing of the other', async () => {
    const ofA = await everythingOf(a);
    const ofB = await everythingOf(b);
    expect(ofA.overview.subscription?.id).toBe(a.subscriberId);
    expect(ofB.overview.subscription?.id).toBe(b.subscriberId);
    expect(ofA.overview.account.email).toBe(a.email);
    expect(ofB.overview.account.email).toBe(b.email);
    expect(ofA.profile.fullName).toBe('Ana Primeira');
    expect(ofB.profile.fullName).toBe('Bruno Segundo');
    expect(ofA.referrals.myReferralCode).toBe(a.referralCode);
    expect(ofB.referrals.myReferralCode).toBe(b.referralCode);
    expect(ofA.referrals.activeReferrals.map((r) => r.status).sort()).toEqual(['confirmed', 'pending']);
    expect(ofB.referrals.activeReferrals.map((r) => r.status)).toEqual(['paid']);
    expect(ofA.restReferrals).toEqual(ofA.referrals);
    expect(ofB.restReferrals).toEqual(ofB.referrals);
    expect(ofA.exported.subscriber?.id).toBe(a.subscriberId);
    expect(ofB.exported.subscriber?.id).toBe(b.subscriberId);
    // Nothing identifying A appears anywhere in what B can read.
    const seenByB = JSON.stringify(ofB);
    for (const secret of [a.email, a.subscriberId, a.referralCode, 'Ana Primeira', a.userId]) {
      expect(seenByB).not.toContain(secret);
    }
    for (const payment of ofA.payments.payments) expect(seenByB).not.toContain(payment.id);
  });

  it('an id sent in the input is ignored: B’s changes land on B only, A reads exactly what it read before', async () => {
    const before = await everythingOf(a);
    const asB = t.caller(b.token) as unknown as AnyCaller;
    const foreign = { id: a.subscriberId, subscriberId: a.subscriberId, userId: a.userId };
    await asB.member!.updateProfile!({
      ...foreign,
      fullName: 'Bruno Alterado',
      phone: '(21) 99876-5432',
      shirtSize: 'GG',
    });
    await asB.member!.cancel!({ ...foreign, reason: 'teste' });
    await asB.member!.withdrawCancellation!(foreign);
    await asB.member!.cancel!({ ...foreign });
    await asB.member!.requestDeletion!({ ...foreign, reason: 'LGPD' });
    await asB.member!.renew!(foreign);
    await asB.member!.changePassword!({
      ...foreign,
      currentPassword: 'segredo123',
      newPassword: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
    await asB.member!.changeEmail!({
      ...foreign,
      email: 'bruno.novo@teste.com.br',
      currentPassword: 'nova-senha-1',
    });

    const after = await everythingOf(a);
    expect(after).toEqual(before);
    // A's session still works and A's password was not touched.
    await expect(
      login(t.services.accounts, { email: a.email, password: 'segredo123' }),
    ).resolves.toBeTruthy();
    // B's own record took every change.
    const ofB = await everythingOf(b);
    expect(ofB.profile).toMatchObject({ fullName: 'Bruno Alterado', phone: '21998765432', shirtSize: 'GG' });
    expect(ofB.overview.subscription?.cancelRequestedAt).not.toBeNull();
    expect(ofB.overview.subscription?.deletionRequestedAt).not.toBeNull();
    // B's new address waits for its confirmation link (ADR 027); A has nothing pending.
    expect(ofB.overview.account.email).toBe(b.email);
    expect((await t.caller(b.token).identity.myContacts()).pendingEmail?.newEmail).toBe(
      'bruno.novo@teste.com.br',
    );
    expect((await t.caller(a.token).identity.myContacts()).pendingEmail).toBeNull();
  });

  it('B cannot pay, process or see A’s referral commissions through the member paths', async () => {
    const res = await t.request({ method: 'GET', url: '/api/user/referrals', headers: bearer(b.token) });
    const ids = res.json<{ activeReferrals: { id: string }[] }>().activeReferrals.map((r) => r.id);
    const ofA = t.services.db.select().from(referrals).where(eq(referrals.referrerId, a.subscriberId)).all();
    for (const row of ofA) expect(ids).not.toContain(row.id);
    const process = await t.request({
      method: 'POST',
      url: `/api/admin/referrals/${ofA[0]!.id}/process`,
      headers: bearer(b.token),
      payload: {},
    });
    expect(process.statusCode).toBe(403);
  });
});

describe('GET /api/user/referrals', () => {
  it('answers the summary shape of docs/product/back-office-and-member-area.md §3 with the link built from PUBLIC_URL', async () => {
    const member = await makeMember(t);
    const referral = addReferral(t, member, 'confirmed', 14970);
    addReferral(t, member, 'pending', 14970);
    addReferral(t, member, 'cancelled', 14970);
    const res = await t.request({ method: 'GET', url: '/api/user/referrals', headers: bearer(member.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'activeReferrals',
        'conversionRate',
        'earnedAmount',
        'myReferralCode',
        'myReferralLink',
        'pagination',
        'pendingAmount',
        'totalClicks',
        'totalReferrals',
      ].sort(),
    );
    expect(body).toMatchObject({
      totalReferrals: 3,
      earnedAmount: 14970,
      pendingAmount: 14970,
      totalClicks: 0,
      conversionRate: 0,
      myReferralCode: member.referralCode,
      myReferralLink: `https://confraria.example.com/checkout?ref=${member.referralCode}`,
    });
    expect(body.myReferralCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    const confirmed = body.activeReferrals.find((row: { _id: string }) => row._id === referral.id);
    expect(Object.keys(confirmed).sort()).toEqual(
      ['_id', 'commissionAmount', 'createdAt', 'id', 'referralCode', 'referredSubscriber', 'status'].sort(),
    );
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      commissionAmount: 14970,
      referralCode: member.referralCode,
      referredSubscriber: { fullName: expect.stringMatching(/^Indicado/), email: expect.any(String) },
    });
    expect(body.activeReferrals).toHaveLength(2);
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: 2, pages: 1 });
  });

  it('lists 100 referrals a page, newest first; the totals count every one', async () => {
    const member = await makeMember(t);
    for (let i = 0; i < 130; i++) {
      addReferral(t, member, i % 2 ? 'confirmed' : 'pending', 100);
      t.clock.advance(1000);
    }
    addReferral(t, member, 'cancelled', 100);
    const first = await t.request({
      method: 'GET',
      url: '/api/user/referrals',
      headers: bearer(member.token),
    });
    const second = await t.request({
      method: 'GET',
      url: '/api/user/referrals?page=2',
      headers: bearer(member.token),
    });
    const one = first.json();
    const two = second.json();
    expect(one).toMatchObject({ totalReferrals: 131, earnedAmount: 6500, pendingAmount: 6500 });
    expect(one.activeReferrals).toHaveLength(100);
    expect(two.activeReferrals).toHaveLength(30);
    expect(two.pagination).toEqual({ page: 2, limit: 100, total: 130, pages: 2 });
    const dates = [...one.activeReferrals, ...two.activeReferrals].map(
      (row: { createdAt: string }) => row.createdAt,
    );
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      new Set([...one.activeReferrals, ...two.activeReferrals].map((row: { id: string }) => row.id)).size,
    ).toBe(130);
    const bad = await t.request({
      method: 'GET',
      url: '/api/user/referrals?page=0',
      headers: bearer(member.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a member whose account is not tied to a record gets 404 "Assinante não encontrado"', async () => {
    const member = await t.signIn('user');
    const res = await t.request({ method: 'GET', url: '/api/user/referrals', headers: bearer(member.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Assinante não encontrado' });
  });
});

describe('member.overview: the next step of an account without a record', () => {
  it('unverified e-mail → verify_email; verified without a record → checkout', async () => {
    const unverified = await t.signIn('user', undefined, { verified: false });
    expect(await t.caller(unverified.token).member.overview()).toMatchObject({
      nextStep: 'verify_email',
      subscription: null,
      account: { emailVerified: false },
    });
    const verified = await t.signIn('user');
    expect(await t.caller(verified.token).member.overview()).toMatchObject({
      nextStep: 'checkout',
      subscription: null,
    });
    expect(await t.caller(verified.token).member.payments()).toEqual({ success: true, payments: [] });
  });
});

describe('member subscription', () => {
  it('shows real dates, days left and the 30-day / 7-day warnings', async () => {
    const far = await makeMember(t, { endInDays: 200 });
    const near = await makeMember(t, { endInDays: 20 });
    const urgent = await makeMember(t, { endInDays: 5 });
    const read = async (m: TestMember) => (await t.caller(m.token).member.overview()).subscription!;
    expect(await read(far)).toMatchObject({
      daysLeft: 200,
      renewalWarning: null,
      indicator: 'Confrade Ativo',
    });
    expect(await read(near)).toMatchObject({ daysLeft: 20, renewalWarning: 'warning' });
    expect(await read(urgent)).toMatchObject({ daysLeft: 5, renewalWarning: 'urgent' });
    const row = t.services.db.select().from(subscribers).where(eq(subscribers.id, near.subscriberId)).get()!;
    expect((await read(near)).subscriptionEndDate).toBe(row.subscriptionEndDate!.toISOString());
    expect((await read(near)).pricePaid).toBe(149700);
  });

  it('the header indicator names each status in its own words', async () => {
    const expired = await makeMember(t, { status: 'expired', endInDays: -3 });
    const pending = await makeMember(t, { status: 'pending', approved: false });
    expect((await t.caller(expired.token).member.overview()).subscription).toMatchObject({
      indicator: 'Assinatura expirada',
      statusLabel: 'Expirado',
      hasAccess: false,
      daysLeft: 0,
    });
    expect((await t.caller(pending.token).member.overview()).subscription).toMatchObject({
      indicator: 'Aguardando aprovação',
      canRenew: false,
    });
  });

  it('renew: 89700 for a member approved before; paying it moves the end date a year on', async () => {
    const member = await makeMember(t, { endInDays: 20 });
    const caller = t.caller(member.token);
    const before = (await caller.member.overview()).subscription!;
    const link = await caller.member.renew();
    expect(link).toMatchObject({ planType: 'renewal', amount: 89700 });
    // A second click gets the same link, not another one.
    expect((await caller.member.renew()).id).toBe(link.id);
    const paid = await sandboxPay(t, link.id);
    expect(paid.statusCode).toBeLessThan(400);
    const after = (await caller.member.overview()).subscription!;
    const moved =
      new Date(after.subscriptionEndDate!).getTime() - new Date(before.subscriptionEndDate!).getTime();
    expect(moved).toBe(365 * 24 * 3600 * 1000);
    expect(after).toMatchObject({ status: 'active', renewalWarning: null, pricePaid: 89700 });
    // Renewed: the page thanks the member and no longer offers another renewal.
    expect(after).toMatchObject({ renewedAt: '2026-11-22T12:00:00.000Z', canRenew: false });
    expect(before).toMatchObject({ renewedAt: null, canRenew: true });
    // A year on, within the warning again, renewing is offered again.
    t.clock.advance(365 * 24 * 3600 * 1000);
    const again = await login(t.services.accounts, { email: member.email, password: 'segredo123' });
    expect((await t.caller(again.token).member.overview()).subscription).toMatchObject({
      renewedAt: null,
      canRenew: true,
      renewalWarning: 'warning',
    });
    const payments = (await caller.member.payments()).payments;
    expect(payments[0]).toMatchObject({
      amount: 89700,
      status: 'paid',
      statusLabel: 'Pago',
      planType: 'renewal',
    });
  });

  it("renew: held back while one of the member's card attempts awaits its answer; nothing made", async () => {
    const member = await makeMember(t, { endInDays: 20 });
    const now = t.clock.now();
    // A card attempt whose answer never came back: it may have been charged.
    t.services.db
      .insert(payments)
      .values({
        id: newId(),
        subscriberId: member.subscriberId,
        amount: 89700,
        planType: 'renewal',
        method: 'credit_card',
        provider: 'sandbox',
        description: 'Renovação anual',
        status: 'pending',
        verifyingSince: now,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    const error = await refusal(t.caller(member.token).member.renew());
    expect(error?.code).toBe('CONFLICT');
    expect(error?.message).toBe(
      'Há um pagamento em verificação para este e-mail ou CPF: nada foi cobrado agora. Não pague de novo; aguarde a resposta do provedor de pagamento e, se ele não confirmar o pagamento, tente mais tarde.',
    );
    expect(
      t.services.db
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.subscriberId, member.subscriberId))
        .all(),
    ).toHaveLength(0);
  });

  it('renew: 149700 for a member never approved; refused while awaiting approval', async () => {
    const never = await makeMember(t, { status: 'pending_payment', approved: false });
    t.services.db.delete(payments).where(eq(payments.subscriberId, never.subscriberId)).run();
    // Nothing paid yet: no "Valor pago" to show.
    expect((await t.caller(never.token).member.overview()).subscription).toMatchObject({
      pricePaid: null,
      renewedAt: null,
    });
    expect(await t.caller(never.token).member.renew()).toMatchObject({ planType: 'annual', amount: 149700 });
    const pending = await makeMember(t, { status: 'pending', approved: false });
    const error = await refusal(t.caller(pending.token).member.renew());
    expect(error?.message).toBe('Seu pagamento já foi recebido: aguarde a aprovação do clube.');
  });

  it('cancel: a mark with access to the end date; can be withdrawn; a second cancel is refused', async () => {
    const member = await makeMember(t, { endInDays: 40 });
    const caller = t.caller(member.token);
    const cancelled = await caller.member.cancel({ reason: 'Mudança de cidade' });
    expect(cancelled.message).toBe('Cancelamento registrado. Seu acesso continua até o fim do período pago.');
    expect(cancelled.subscription).toMatchObject({
      status: 'active',
      hasAccess: true,
      canCancel: false,
      canWithdrawCancellation: true,
      renewalWarning: null,
    });
    expect(cancelled.subscription.cancelRequestedAt).not.toBeNull();
    const again = await refusal(caller.member.cancel({}));
    expect(again?.message).toBe('O cancelamento desta assinatura já foi solicitado.');
    const withdrawn = await caller.member.withdrawCancellation();
    expect(withdrawn.subscription).toMatchObject({ cancelRequestedAt: null, canCancel: true });
    // The daily pass after the end date completes a cancellation.
    await caller.member.cancel({});
    t.clock.advance(41 * 24 * 3600 * 1000);
    t.services.lifecycle.endPeriods();
    expect((await caller.member.overview()).subscription).toMatchObject({
      status: 'cancelled',
      indicator: 'Assinatura cancelada',
      hasAccess: false,
    });
    const history = t.services.lifecycle
      .history(member.subscriberId)
      .map((row) => [row.event, row.actorKind]);
    expect(history).toEqual(
      expect.arrayContaining([
        ['cancel_requested', 'member'],
        ['cancel_withdrawn', 'member'],
        ['cancellation_completed', 'system'],
      ]),
    );
  });
});

describe('member profile, password and e-mail', () => {
  it('saves the fields a member may change, with docs/product/back-office-and-member-area.md §5 messages for bad input', async () => {
    const member = await makeMember(t);
    const caller = t.caller(member.token);
    const saved = await caller.member.updateProfile({
      fullName: '  Ana Maria  ',
      phone: '(11) 91234-5678',
      cpf: '529.982.247-25',
      shirtSize: 'P',
      zipCode: '01001-000',
      city: 'São Paulo',
      state: 'sp',
    });
    expect(saved.message).toBe('Perfil atualizado com sucesso!');
    expect(saved.profile).toMatchObject({
      fullName: 'Ana Maria',
      phone: '11912345678',
      cpf: '52998224725',
      zipCode: '01001000',
      state: 'SP',
    });
    const bad = await t.request({
      method: 'POST',
      url: '/trpc/member.updateProfile',
      headers: bearer(member.token),
      payload: { fullName: '', phone: '123', cpf: '111.111.111-11' },
    });
    expect(bad.statusCode).toBe(400);
    for (const text of [
      'Nome completo é obrigatório',
      'Telefone deve ter pelo menos 10 dígitos',
      'CPF inválido',
    ]) {
      expect(bad.body).toContain(text);
    }
    // Status, price, dates and notes are not the member's to change: extra keys change nothing.
    const before = rows(t).subscriber(member.subscriberId)!;
    await (caller as unknown as AnyCaller).member!.updateProfile!({
      fullName: 'Ana Maria',
      phone: '11912345678',
      status: 'inactive',
      subscriptionPrice: 1,
      subscriptionEndDate: '2040-01-01',
      adminNotes: 'x',
    });
    const after = rows(t).subscriber(member.subscriberId)!;
    expect(after).toMatchObject({
      status: before.status,
      subscriptionPrice: before.subscriptionPrice,
      subscriptionEndDate: before.subscriptionEndDate,
      adminNotes: before.adminNotes,
    });
  });

  it('change password: wrong current password refused; other sessions end, this one stays', async () => {
    const member = await makeMember(t);
    const other = await login(t.services.accounts, { email: member.email, password: 'segredo123' });
    const caller = t.caller(member.token);
    const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
      caller.member.changePassword({ currentPassword, newPassword, confirmPassword });
    const wrong = await refusal(change('errada', 'Rio-Tannat-Lua'));
    expect(wrong?.message).toBe('Senha atual incorreta');
    const mismatch = await refusal(change('segredo123', 'Rio-Tannat-Lua', 'x'));
    expect(mismatch?.message).toContain('As senhas não coincidem');
    const guessable = await refusal(change('segredo123', 'senha1234'));
    expect(guessable?.message).toBe(
      'Esta senha é fácil de adivinhar. Escolha outra: junte três ou quatro palavras sem relação ' +
        'entre si, ou use uma senha mais longa com letras, números e símbolos.',
    );
    expect(t.services.sessions.validate(other.token)).not.toBeNull();
    const done = await change('segredo123', 'Rio-Tannat-Lua');
    expect(done.message).toBe('Senha alterada com sucesso! As outras sessões da sua conta foram encerradas.');
    expect(t.services.sessions.validate(member.token)).not.toBeNull();
    expect(t.services.sessions.validate(other.token)).toBeNull();
    const left = t.services.db.select().from(sessions).where(eq(sessions.userId, member.userId)).all();
    expect(left).toHaveLength(1);
    await expect(
      login(t.services.accounts, { email: member.email, password: 'Rio-Tannat-Lua' }),
    ).resolves.toBeTruthy();
    // The owner is told on the proven e-mail, with no credential in the message.
    const notice = t.services.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, member.email), eq(outbox.template, 'account_security')))
      .all();
    expect(notice).toHaveLength(1);
    expect(notice[0]?.body).toContain(
      'A senha da sua conta foi alterada. As sessões abertas com a senha anterior foram encerradas.',
    );
    expect(notice[0]?.body).not.toContain('Rio-Tannat-Lua');
    expect(notice[0]?.body).not.toMatch(/token=/);
  });

  it('change e-mail needs the current password and a free address, and waits for the new one to confirm', async () => {
    const member = await makeMember(t);
    const other = await makeMember(t);
    const caller = t.caller(member.token);
    const wrong = await refusal(
      caller.member.changeEmail({ email: 'novo@teste.com.br', currentPassword: 'x' }),
    );
    expect(wrong?.message).toBe('Senha atual incorreta');
    const taken = await refusal(
      caller.member.changeEmail({ email: other.email, currentPassword: 'segredo123' }),
    );
    expect(taken?.code).toBe('CONFLICT');
    expect(taken?.message).toBe('Este email já está cadastrado');
    const done = await caller.member.changeEmail({
      email: ' Novo@Teste.com.br ',
      currentPassword: 'segredo123',
    });
    expect(done).toEqual({
      success: true,
      message:
        'Enviamos um link de confirmação para o novo email. A troca só vale depois da confirmação; até lá, continue entrando com o email atual.',
      email: 'novo@teste.com.br',
    });
    // Nothing changes before the new address confirms it (ADR 027; identity.test.ts follows it through).
    const overview = await caller.member.overview();
    expect(overview.account).toMatchObject({ email: member.email, emailVerified: true });
    expect(overview.subscription?.id).toBe(member.subscriberId);
    expect((await caller.member.profile()).email).toBe(member.email);
  });
});

describe('LGPD', () => {
  it('export holds account, subscriber, payments, referrals and activity, without secrets', async () => {
    const member = await makeMember(t);
    addReferral(t, member, 'confirmed');
    await t.caller(member.token).member.cancel({});
    const data = await t.caller(member.token).member.exportData();
    expect(data.account).toMatchObject({ id: member.userId, email: member.email });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.subscriber).toMatchObject({ id: member.subscriberId });
    expect(data.payments).toHaveLength(1);
    expect(data.referrals.asReferrer).toHaveLength(1);
    expect(data.activity.map((row) => row.event)).toContain('cancel_requested');
    expect(JSON.stringify(data)).not.toMatch(/secretHash|tokenHash|passwordHash/);
  });

  it('deletion request is recorded once in the history the admins read; payments stay', async () => {
    const member = await makeMember(t);
    const admin = await t.signIn('admin');
    const first = await t.caller(member.token).member.requestDeletion({ reason: 'Não quero mais' });
    expect(first.message).toContain('Pedido de exclusão registrado.');
    const second = await t.caller(member.token).member.requestDeletion({});
    expect(second.message).toBe('Seu pedido de exclusão já foi registrado e está em análise.');
    expect(second.requestedAt).toBe(first.requestedAt);
    const history = await t.caller(admin.token).subscribers.history({ id: member.subscriberId });
    const entries = history.filter((row) => row.event === 'deletion_requested');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      label: 'Exclusão de dados solicitada (LGPD)',
      reason: 'Não quero mais',
    });
    expect((await t.caller(member.token).member.payments()).payments).toHaveLength(1);
  });

  it('an account without a record is told to contact the club', async () => {
    const lone = await t.signIn('user');
    const error = await refusal(t.caller(lone.token).member.requestDeletion({}));
    expect(error?.code).toBe('CONFLICT');
  });
});

describe('admin referrals', () => {
  it('lists with filters and totals; processing pays a confirmed commission and records who and when', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t, { name: 'Carla Indicadora' });
    const confirmed = addReferral(t, member, 'confirmed', 14970);
    const pending = addReferral(t, member, 'pending', 14970);
    addReferral(t, member, 'paid', 8970);
    const list = await t.request({
      method: 'GET',
      url: '/api/admin/referrals',
      headers: bearer(admin.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      success: true,
      totals: {
        pending: { count: 1, amount: 14970 },
        confirmed: { count: 1, amount: 14970 },
        paid: { count: 1, amount: 8970 },
        cancelled: { count: 0, amount: 0 },
      },
      pagination: { page: 1, total: 3, pages: 1 },
    });
    const filtered = await t.request({
      method: 'GET',
      url: '/api/admin/referrals?status=confirmed&search=carla',
      headers: bearer(admin.token),
    });
    expect(filtered.json().referrals).toHaveLength(1);
    expect(filtered.json().referrals[0]).toMatchObject({
      id: confirmed.id,
      referrer: { fullName: 'Carla Indicadora' },
      status: 'confirmed',
    });
    const none = await t.request({
      method: 'GET',
      url: '/api/admin/referrals?search=zzz',
      headers: bearer(admin.token),
    });
    expect(none.json().referrals).toHaveLength(0);

    const processed = await t.request({
      method: 'POST',
      url: `/api/admin/referrals/${confirmed.id}/process`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(processed.statusCode).toBe(200);
    expect(processed.json()).toMatchObject({
      success: true,
      status: 'paid',
      paidAt: t.clock.now().toISOString(),
      paidBy: { id: admin.userId },
    });
    const refused = await t.request({
      method: 'POST',
      url: `/api/admin/referrals/${pending.id}/process`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Apenas comissões confirmadas podem ser pagas' });
    const missing = await t.request({
      method: 'POST',
      url: '/api/admin/referrals/nao-existe/process',
      headers: bearer(admin.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Indicação não encontrada' });
    const again = await t.request({
      method: 'GET',
      url: '/api/admin/referrals?status=paid',
      headers: bearer(admin.token),
    });
    const paidRow = again.json().referrals.find((row: { id: string }) => row.id === confirmed.id);
    expect(paidRow.paidBy).toEqual({ id: admin.userId, name: 'Pessoa admin' });
    const bad = await t.request({
      method: 'GET',
      url: '/api/admin/referrals?status=xyz',
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
