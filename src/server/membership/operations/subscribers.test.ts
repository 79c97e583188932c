/**
 * The back office's subscribers through both transports: the documented REST shapes (aliases in
 * and out), docs/product/back-office-and-member-area.md §5's messages, approval through the status machine with its messages in the
 * outbox, and who may call what — every admin operation, taken from the definitions themselves.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useAdminApp, type TestApp } from '../../../../tests/app';
import { createLink, MARIANA, rows, sandboxPay } from '../../../../tests/checkout';
import { spaProcedures } from '../../../../tests/procedures';
import { outbox, subscribers, users } from '../../db/schema';
import { restRoutes } from '../../rest';
import { DAY_MS } from '../../../shared/sao-paulo-time';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

const valid = {
  fullName: 'Helena Duarte',
  email: '  Helena.Duarte@Exemplo.com.BR ',
  phone: '(21) 99876-5432',
  cpf: '529.982.247-25',
  birthDate: '1980-05-17',
  shirtSize: 'G' as const,
  zipCode: '01001-000',
  address: 'Praça da Sé',
  city: 'São Paulo',
  state: 'sp',
  status: 'pending_payment' as const,
  subscriptionPrice: 149700,
};

describe('every admin operation refuses anonymous callers and members', () => {
  const adminRoutes = restRoutes.filter((route) => route.access === 'admin');
  const adminProcedures = spaProcedures().filter((procedure) => procedure.access === 'admin');

  it('covers the back office (the lists are not empty)', () => {
    expect(adminRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /admin/subscribers',
        'POST /admin/subscribers/:id/approve',
        'DELETE /subscribers/:id',
      ]),
    );
    expect(adminProcedures.length).toBeGreaterThan(8);
  });

  it('REST: 401 without a session, 403 for a member', async () => {
    const member = await t.signIn('user');
    for (const route of adminRoutes) {
      const url = `/api${route.path.replace(/:(\w+)/g, 'x')}`;
      const anonymous = await t.request({
        method: route.method,
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${route.method} ${route.path}`).toBe(401);
      const asMember = await t.request({
        method: route.method,
        url,
        headers: bearer(member.token),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(asMember.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it('tRPC: UNAUTHORIZED without a session, FORBIDDEN for a member', async () => {
    const member = await t.signIn('user');
    for (const { domain, name } of adminProcedures) {
      for (const [token, code] of [
        [undefined, 'UNAUTHORIZED'],
        [member.token, 'FORBIDDEN'],
      ] as const) {
        const caller = t.caller(token) as unknown as Record<
          string,
          Record<string, (input?: unknown) => Promise<unknown>>
        >;
        const call = caller[domain]?.[name];
        if (!call) throw new Error(`${domain}.${name} missing from the router`);
        const error = await call({}).then(
          () => null,
          (reason: unknown) => reason,
        );
        expect(error, `${domain}.${name}`).toBeInstanceOf(TRPCError);
        expect((error as TRPCError).code, `${domain}.${name}`).toBe(code);
      }
    }
  });
});

describe('/api/admin/subscribers', () => {
  it('creates with the form’s rules: e-mail lowercased and trimmed, digits kept, read back equal', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/subscribers',
      headers: bearer(admin.token),
      payload: valid,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Assinante criado com sucesso! Todos os campos foram salvos.',
      subscriberId: body._id,
    });
    const read = await t.request({
      method: 'GET',
      url: `/api/admin/subscribers/${body.subscriberId}`,
      headers: bearer(admin.token),
    });
    expect(read.json()).toMatchObject({
      _id: body.subscriberId,
      fullName: 'Helena Duarte',
      name: 'Helena Duarte',
      email: 'helena.duarte@exemplo.com.br',
      phone: '21998765432',
      cpf: '52998224725',
      cpfCnpj: '52998224725',
      shirtSize: 'G',
      tshirtSize: 'G',
      state: 'SP',
      zipCode: '01001000',
      status: 'pending_payment',
      subscriptionPrice: 149700,
      createdBy: admin.userId,
    });
  });

  it('accepts the documented legacy names on input', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/subscribers',
      headers: bearer(admin.token),
      payload: {
        name: 'Otávio Lima',
        email: 'otavio@exemplo.com.br',
        phone: '11987654321',
        cpfCnpj: '529.982.247-25',
        tshirtSize: 'XG',
        notes: 'Indicado pelo sommelier',
        status: 'pending_payment',
        subscriptionPrice: 149700,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().subscriber).toMatchObject({
      fullName: 'Otávio Lima',
      cpf: '52998224725',
      shirtSize: 'XG',
      adminNotes: 'Indicado pelo sommelier',
      internalNotes: 'Indicado pelo sommelier',
    });
  });

  it.each([
    [{ fullName: '  ' }, 'Nome completo é obrigatório'],
    [{ email: '' }, 'Email é obrigatório'],
    [{ email: 'helena@' }, 'Formato de email inválido'],
    [{ phone: '' }, 'Telefone é obrigatório'],
    [{ phone: '(21) 9988-77' }, 'Telefone deve ter pelo menos 10 dígitos'],
    [{ cpf: '529.982.247' }, 'CPF deve ter exatamente 11 dígitos'],
    [{ cpf: '111.111.111-11' }, 'CPF inválido'],
    [{ cpf: '529.982.247-24' }, 'CPF inválido'],
    [{ birthDate: '1890-01-01' }, 'Data de nascimento muito antiga'],
    [{ birthDate: '2999-01-01' }, 'Data de nascimento não pode ser no futuro'],
    [{ subscriptionPrice: -1 }, 'Preço não pode ser negativo'],
    [{ status: undefined }, 'Status é obrigatório'],
    [
      { subscriptionStartDate: '2026-05-01', subscriptionEndDate: '2026-04-01' },
      'Data de término deve ser posterior à data de início',
    ],
  ])('refuses %j with "%s" and creates nothing', async (change, message) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/subscribers',
      headers: bearer(admin.token),
      payload: { ...valid, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(t.services.db.select().from(subscribers).all()).toHaveLength(0);
  });

  it('lists with filters, search over name, e-mail, phone and CPF, sort and pages of 10', async () => {
    const api = t.caller(admin.token).subscribers;
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1000);
      await api.create({
        ...valid,
        fullName: `Confrade ${String(i).padStart(2, '0')}`,
        email: `c${i}@exemplo.com.br`,
        phone: `1198765${String(4300 + i)}`,
        cpf: null,
        status: i % 3 === 0 ? 'active' : 'pending_payment',
      });
    }
    const first = await t.request({
      method: 'GET',
      url: '/api/admin/subscribers',
      headers: bearer(admin.token),
    });
    expect(first.json().pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2 });
    expect(first.json().subscribers[0].fullName).toBe('Confrade 11');
    const active = await api.list({ status: 'active' });
    expect(active.subscribers.map((row) => row.fullName)).toEqual([
      'Confrade 09',
      'Confrade 06',
      'Confrade 03',
      'Confrade 00',
    ]);
    expect((await api.list({ search: 'c7@exemplo' })).subscribers.map((row) => row.fullName)).toEqual([
      'Confrade 07',
    ]);
    expect((await api.list({ search: '98765-4305' })).subscribers.map((row) => row.fullName)).toEqual([
      'Confrade 05',
    ]);
    expect((await api.list({ search: '100%' })).pagination.total).toBe(0);
    const byName = await api.list({ sortBy: 'fullName', sortOrder: 'asc', page: 2 });
    expect(byName.subscribers.map((row) => row.fullName)).toEqual(['Confrade 10', 'Confrade 11']);
  });

  it('edits record who changed what (CPF masked in the history) and refuse a status the machine forbids', async () => {
    const api = t.caller(admin.token).subscribers;
    const { subscriberId } = await api.create(valid);
    await api.update({ ...valid, id: subscriberId, fullName: 'Helena D. Souza', cpf: '111.444.777-35' });
    const history = await api.history({ id: subscriberId });
    expect(history.map((entry) => entry.label)).toEqual(['Cadastro criado', 'Dados editados']);
    expect(history[1]?.details).toEqual({
      changes: {
        name: { from: 'Helena Duarte', to: 'Helena D. Souza' },
        cpf: { from: '529.***.***-25', to: '111.***.***-35' },
      },
    });
    expect(history[1]?.actorName).toBe('Pessoa admin');

    const refused = await t.request({
      method: 'PUT',
      url: `/api/admin/subscribers/${subscriberId}`,
      headers: bearer(admin.token),
      payload: { ...valid, status: 'active' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Mudança de status não permitida por edição. Use as ações do assinante (aprovar, cancelar, reembolsar).',
    );
    await api.update({ ...valid, id: subscriberId, status: 'inactive' });
    expect((await api.get({ id: subscriberId })).status).toBe('inactive');
  });

  it('404 "Assinante não encontrado" on update, delete and read of an unknown id', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: '/api/admin/subscribers/nao-existe',
        headers: bearer(admin.token),
        payload: method === 'PUT' ? valid : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ error: 'Assinante não encontrado' });
    }
  });

  it('deletes a record without money; one with a paid payment is kept', async () => {
    const api = t.caller(admin.token).subscribers;
    const { subscriberId } = await api.create(valid);
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/subscribers/${subscriberId}`,
      headers: bearer(admin.token),
    });
    expect(gone.json()).toEqual({ success: true, message: 'Assinante excluído com sucesso!' });

    const link = await createLink(t);
    await sandboxPay(t, link.id);
    const paid = rows(t).subscriberByEmail(MARIANA.customerEmail);
    const kept = await t.request({
      method: 'DELETE',
      url: `/api/admin/subscribers/${paid?.id}`,
      headers: bearer(admin.token),
    });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toBe(
      'Este assinante tem pagamentos registrados e não pode ser excluído: desative ou cancele o cadastro.',
    );
  });
});

describe('approval (docs/product/decisions.md §3.3)', () => {
  it('a paid subscriber becomes active and gets an account: the link by e-mail, a notice by WhatsApp', async () => {
    const link = await createLink(t);
    await sandboxPay(t, link.id);
    const paid = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(paid?.status).toBe('pending');

    const res = await t.request({
      method: 'POST',
      url: `/api/admin/subscribers/${paid?.id}/approve`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message:
        'Cadastro aprovado! O link para definir a senha foi enviado ao email do cadastro; o WhatsApp recebeu só um aviso.',
      subscriber: { status: 'active', approvedBy: admin.userId, hasAccount: true },
    });
    const account = t.services.db.select().from(users).where(eq(users.email, MARIANA.customerEmail)).get();
    expect(account?.role).toBe('user');
    const sent = t.services.db
      .select()
      .from(outbox)
      .all()
      .filter((message) => message.template === 'welcome' || message.template === 'access_ready');
    expect(sent.map((message) => [message.channel, message.template, message.recipient]).sort()).toEqual([
      ['email', 'welcome', MARIANA.customerEmail],
      ['whatsapp', 'access_ready', '11987654321'],
    ]);
    // What admins can read of it never carries the link; WhatsApp never gets one at all.
    for (const message of sent) {
      expect(message.body).not.toContain('/definir-senha?token=');
    }
    expect(sent.find((message) => message.channel === 'whatsapp')?.deliveryBody ?? '').not.toContain(
      'definir-senha',
    );
    const history = await t.caller(admin.token).subscribers.history({ id: paid?.id ?? '' });
    expect(history.map((entry) => [entry.event, entry.toStatus])).toEqual([
      ['payment_confirmed', 'pending'],
      ['approved', 'active'],
    ]);

    const again = await t.request({
      method: 'POST',
      url: `/api/admin/subscribers/${paid?.id}/approve`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Este cadastro já foi aprovado.' });
  });

  it('an unpaid subscriber cannot be approved, and nothing is sent', async () => {
    const { subscriberId } = await t.caller(admin.token).subscribers.create(valid);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/subscribers/${subscriberId}/approve`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Não é possível aprovar o cadastro: assinante com status "Aguardando pagamento".',
    });
    expect(t.services.db.select().from(outbox).where(eq(outbox.template, 'welcome')).all()).toHaveLength(0);
    expect(
      t.services.db.select().from(users).where(eq(users.email, 'helena.duarte@exemplo.com.br')).get(),
    ).toBeUndefined();
  });

  it('does not link an account someone registered with that e-mail without proving it', async () => {
    const stranger = await t.signIn('user', MARIANA.customerEmail, { verified: false });
    const link = await createLink(t);
    await sandboxPay(t, link.id);
    const paid = rows(t).subscriberByEmail(MARIANA.customerEmail);
    await t.caller(admin.token).subscribers.approve({ id: paid?.id ?? '' });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.userId).toBeNull();
    expect(stranger.userId).toBeTruthy();
  });
});

describe('the renewals filter: endingWithinDays (ADR 034)', () => {
  async function subscriberEnding(name: string, status: 'active' | 'expired', endInDays: number) {
    const end = new Date(t.clock.now().getTime() + endInDays * DAY_MS);
    await t.caller(admin.token).subscribers.create({
      ...valid,
      fullName: name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@exemplo.com.br`,
      cpf: null,
      status,
      subscriptionStartDate: new Date(end.getTime() - 365 * DAY_MS).toISOString(),
      subscriptionEndDate: end.toISOString(),
    });
  }

  it('lists the active subscriptions ending within the days, the same count as the dashboard', async () => {
    await subscriberEnding('Vence Amanha', 'active', 1);
    await subscriberEnding('Vence Em Trinta', 'active', 30);
    await subscriberEnding('Vence Em Quarenta', 'active', 40);
    await subscriberEnding('Ja Venceu', 'expired', -2);
    await subscriberEnding('Expirado Futuro', 'expired', 10);

    const api = t.caller(admin.token).subscribers;
    const ending = await api.list({ endingWithinDays: 30, sortBy: 'fullName', sortOrder: 'asc' });
    expect(ending.subscribers.map((row) => row.fullName)).toEqual(['Vence Amanha', 'Vence Em Trinta']);
    expect(ending.pagination.total).toBe(2);
    // With a search too (counted from the search index's matches).
    expect((await api.list({ endingWithinDays: 30, search: 'Trinta' })).pagination.total).toBe(1);
    expect((await api.list({ endingWithinDays: 30, search: 'Quarenta' })).pagination.total).toBe(0);

    const rest = await t.request({
      method: 'GET',
      url: '/api/admin/subscribers?endingWithinDays=45&sortBy=fullName&sortOrder=asc',
      headers: bearer(admin.token),
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().subscribers.map((row: { fullName: string }) => row.fullName)).toEqual([
      'Vence Amanha',
      'Vence Em Quarenta',
      'Vence Em Trinta',
    ]);

    const figures = await t.caller(admin.token).payments.dashboard();
    expect(figures.expiringIn30Days).toBe(2);
  });

  it('refuses a number of days out of range with a Portuguese message (400, not 500)', async () => {
    for (const value of ['0', '367', 'abc', '2.5']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/admin/subscribers?endingWithinDays=${value}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error, value).toBe('Informe um número de dias entre 1 e 366 para o vencimento.');
    }
    await expect(t.caller(admin.token).subscribers.list({ endingWithinDays: 0 })).rejects.toThrow(
      'Informe um número de dias entre 1 e 366 para o vencimento.',
    );
  });
});
