/**
 * ADR 027: an anonymous paid checkout never changes a record it did not create. A record the
 * club typed, with its own name, phone, CPF and address, keeps them when a stranger pays under its
 * e-mail (link checkout over REST, in-page card checkout over tRPC); what the checkout typed that
 * differs waits as "Alterações propostas no pagamento", which an admin applies or discards field
 * by field (REST and tRPC), each decision in the record's history.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useAdminApp, type TestApp } from '../../../../tests/app';
import { createLink, MARIANA, MARIANA_CUSTOMER, rows, sandboxPay } from '../../../../tests/checkout';
import { PROPOSED_CHANGES_MSG } from '../../../shared/proposed-changes';
import { proposedChanges, subscriberActivity } from '../../db/schema';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((ready) => ({ t, admin } = ready));

/** The record as the club typed it: Mariana's e-mail, her own name, phone, CPF and address. */
const ON_FILE = {
  fullName: 'Mariana Ribeiro (cadastro do clube)',
  email: MARIANA.customerEmail,
  phone: '(21) 97777-1111',
  cpf: '111.444.777-35',
  address: 'Rua do Clube',
  number: '7',
  neighborhood: 'Centro',
  city: 'Niterói',
  state: 'RJ',
  zipCode: '24020-000',
  status: 'pending_payment',
  subscriptionPrice: 149700,
};

async function recordOnFile(): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/admin/subscribers',
    headers: bearer(admin.token),
    payload: ON_FILE,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ subscriberId: string }>().subscriberId;
}

function expectUnchanged() {
  expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
    name: ON_FILE.fullName,
    phone: '21977771111',
    cpf: '11144477735',
    street: 'Rua do Clube',
    number: '7',
    complement: null,
    neighborhood: 'Centro',
    city: 'Niterói',
    state: 'RJ',
    zipCode: '24020000',
  });
}

const historyOf = async (id: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/trpc/subscribers.history?input=${encodeURIComponent(JSON.stringify({ id }))}`,
      headers: bearer(admin.token),
    })
  ).json<{ result: { data: { event: string; label: string; details: Record<string, unknown> | null }[] } }>()
    .result.data;

const restProposal = (id: string) =>
  t.request({
    method: 'GET',
    url: `/api/admin/subscribers/${id}/proposed-changes`,
    headers: bearer(admin.token),
  });

const restDecide = (id: string, payload: object, token = admin.token) =>
  t.request({
    method: 'POST',
    url: `/api/admin/subscribers/${id}/proposed-changes`,
    headers: bearer(token),
    payload,
  });

const trpcDecide = (input: object) =>
  t.request({
    method: 'POST',
    url: '/trpc/subscribers.decideProposedChanges',
    headers: bearer(admin.token),
    payload: input,
  });

describe('a paid anonymous checkout on a record it did not create', () => {
  it('REST link checkout: the record keeps its data, the differences wait as a proposal the admin applies or discards', async () => {
    const id = await recordOnFile();
    // A stranger (or Mariana herself, on another day) pays under that e-mail with other data.
    const link = await createLink(t);
    expect((await sandboxPay(t, link.id)).statusCode).toBe(200);

    expectUnchanged();
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
    });
    const proposal = await restProposal(id);
    expect(proposal.statusCode).toBe(200);
    expect(proposal.json()).toEqual({
      paymentId: rows(t).payments()[0]!.id,
      createdAt: t.clock.now().toISOString(),
      fields: [
        { field: 'name', label: 'Nome completo', current: ON_FILE.fullName, proposed: MARIANA.customerName },
        { field: 'phone', label: 'Telefone', current: '21977771111', proposed: '11987654321' },
        { field: 'cpf', label: 'CPF', current: '11144477735', proposed: '52998224725' },
        { field: 'street', label: 'Endereço', current: 'Rua do Clube', proposed: 'Praça da Sé' },
        { field: 'number', label: 'Número', current: '7', proposed: '101' },
        { field: 'complement', label: 'Complemento', current: null, proposed: 'Conjunto 12' },
        { field: 'neighborhood', label: 'Bairro', current: 'Centro', proposed: 'Sé' },
        { field: 'city', label: 'Cidade', current: 'Niterói', proposed: 'São Paulo' },
        { field: 'state', label: 'Estado', current: 'RJ', proposed: 'SP' },
        { field: 'zipCode', label: 'CEP', current: '24020000', proposed: '01001000' },
      ],
    });
    const proposed = (await historyOf(id)).find((entry) => entry.event === 'changes_proposed')!;
    expect(proposed.label).toBe(
      'Alterações propostas no pagamento (aguardando o clube): Nome completo, Telefone, CPF, Endereço, ' +
        'Número, Complemento, Bairro, Cidade, Estado, CEP',
    );
    // The history names fields, never the values a stranger typed.
    expect(JSON.stringify(proposed.details)).not.toContain('52998224725');

    // The admin applies the phone (REST): the record changes and the history says from what to what.
    const applied = await restDecide(id, { decision: 'apply', fields: ['phone'] });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ success: true, message: PROPOSED_CHANGES_MSG.applied });
    expect(applied.json().proposal.fields).toHaveLength(9);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.phone).toBe('11987654321');
    const appliedLine = (await historyOf(id)).find((entry) => entry.event === 'proposed_change_applied')!;
    expect(appliedLine.label).toBe('Alteração proposta no pagamento aplicada: Telefone');
    expect(appliedLine.details).toMatchObject({
      changes: { phone: { from: '21977771111', to: '11987654321' } },
    });

    // The CPF applied is stored whole on the record, masked in the history.
    await restDecide(id, { decision: 'apply', fields: ['cpf'] });
    const cpfLine = (await historyOf(id)).filter((entry) => entry.event === 'proposed_change_applied')[1]!;
    expect(JSON.stringify(cpfLine.details)).not.toContain('52998224725');

    // The rest is discarded (tRPC): nothing changes, the proposal is gone, the history says which.
    const rest = ['name', 'street', 'number', 'complement', 'neighborhood', 'city', 'state', 'zipCode'];
    const discarded = await trpcDecide({ id, decision: 'discard', fields: rest });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().result.data).toEqual({
      success: true,
      message: PROPOSED_CHANGES_MSG.discarded,
      proposal: null,
    });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      name: ON_FILE.fullName,
      city: 'Niterói',
      cpf: '52998224725',
    });
    expect((await restProposal(id)).json()).toBeNull();
    expect(t.services.db.select().from(proposedChanges).all()).toEqual([]);
    expect((await historyOf(id)).at(-1)!.label).toBe(
      'Alteração proposta no pagamento descartada: Nome completo, Endereço, Número, Complemento, Bairro, ' +
        'Cidade, Estado, CEP',
    );

    // Decided already (a second tab, a double click): 409, nothing changes.
    const again = await restDecide(id, { decision: 'apply', fields: ['name'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PROPOSED_CHANGES_MSG.gone });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.name).toBe(ON_FILE.fullName);
  });

  it('tRPC in-page card checkout: the same, and the record edited by its admin counts as the club’s', async () => {
    // A checkout's own record, then corrected by an admin: no longer provisional.
    await createLink(t, { customerName: 'Mari', customerPhone: '(11) 90000-0000' });
    const id = rows(t).subscriberByEmail(MARIANA.customerEmail)!.id;
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/subscribers/${id}`,
      headers: bearer(admin.token),
      payload: { ...ON_FILE },
    });
    expect(edited.statusCode).toBe(200);
    const paid = await t.request({
      method: 'POST',
      url: '/trpc/checkout.process',
      payload: {
        paymentMethod: 'credit_card',
        customerData: MARIANA_CUSTOMER,
        paymentData: {
          amount: 149700,
          cardData: {
            cardNumber: '4111111111111111',
            cardHolderName: 'MARIANA C RIBEIRO',
            expiryDate: '12/30',
            cvv: '123',
          },
        },
      },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().result.data).toMatchObject({ status: 'completed' });
    expectUnchanged();
    const proposal = t.caller(admin.token).subscribers.proposedChanges({ id });
    expect((await proposal)?.fields.map((field) => field.field)).toEqual([
      'name',
      'phone',
      'cpf',
      'street',
      'number',
      'neighborhood',
      'city',
      'state',
      'zipCode',
    ]);
  });

  it('a record only an unpaid checkout wrote is provisional: the paying checkout’s profile is the record’s', async () => {
    await createLink(t, { customerName: 'Outra Pessoa', customerCity: 'Rio de Janeiro' });
    await sandboxPay(t, (await createLink(t)).id);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      name: MARIANA.customerName,
      city: 'São Paulo',
    });
    expect(t.services.db.select().from(proposedChanges).all()).toEqual([]);
  });

  it('a link the admin sends for the record proposes nothing: it carries the record’s own data', async () => {
    const id = await recordOnFile();
    const link = await t.caller(admin.token).payments.createLinkForSubscriber({
      subscriberId: id,
      planType: 'annual',
      sendWhatsApp: false,
    });
    expect((await sandboxPay(t, link.paymentLink.id)).statusCode).toBe(200);
    expectUnchanged();
    expect(t.services.db.select().from(proposedChanges).all()).toEqual([]);
    expect(
      t.services.db
        .select()
        .from(subscriberActivity)
        .where(eq(subscriberActivity.event, 'changes_proposed'))
        .all(),
    ).toEqual([]);
  });

  it('refuses bad input in Portuguese and anyone but an admin, changing nothing', async () => {
    const id = await recordOnFile();
    await sandboxPay(t, (await createLink(t)).id);
    const noFields = await restDecide(id, { decision: 'apply', fields: [] });
    expect(noFields.statusCode).toBe(400);
    expect(noFields.json().error).toBe(PROPOSED_CHANGES_MSG.fieldsRequired);
    const badDecision = await restDecide(id, { decision: 'talvez', fields: ['name'] });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json().error).toBe(PROPOSED_CHANGES_MSG.decisionInvalid);
    const badField = await restDecide(id, { decision: 'apply', fields: ['email'] });
    expect(badField.statusCode).toBe(400);
    const member = await t.signIn('user', 'socia@confraria.com.br');
    const refused = await restDecide(id, { decision: 'apply', fields: ['name'] }, member.token);
    expect(refused.statusCode).toBe(403);
    const stranger = await t.request({
      method: 'GET',
      url: `/api/admin/subscribers/${id}/proposed-changes`,
    });
    expect(stranger.statusCode).toBe(401);
    expectUnchanged();
    expect((await restProposal(id)).json().fields).toHaveLength(10);
    const missing = await restProposal('nao-existe');
    expect(missing.statusCode).toBe(404);
  });
});
