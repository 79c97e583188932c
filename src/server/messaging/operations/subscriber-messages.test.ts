/**
 * `subscribers.sendMessage`: a WhatsApp message to one subscriber from the back office, queued in
 * the outbox with the stored template or the admin's text, and recorded in the history.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../../tests/app';
import { refusal } from '../../../../tests/refusal';
import { createLink, rows, sandboxPay } from '../../../../tests/checkout';
import { WELCOME_BY_EMAIL_MSG } from '../../../shared/identity-schemas';
import { accountPhones, outbox, subscribers } from '../../db/schema';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

async function newSubscriber(overrides: Record<string, unknown> = {}) {
  const created = await t.caller(admin.token).subscribers.create({
    fullName: 'Helena Duarte',
    email: 'helena@exemplo.com.br',
    phone: '(21) 99876-5432',
    status: 'pending_payment',
    subscriptionPrice: 149700,
    ...overrides,
  });
  return created.subscriber;
}

const whatsapp = () => t.services.db.select().from(outbox).where(eq(outbox.channel, 'whatsapp')).all();

describe('subscribers.sendMessage', () => {
  it('queues a custom text by WhatsApp and records it in the history', async () => {
    const subscriber = await newSubscriber();
    const answer = await t.caller(admin.token).subscribers.sendMessage({
      subscriberId: subscriber.id,
      template: 'custom',
      message: '  Olá! A degustação de sábado começa às 19h.  ',
    });
    expect(answer).toMatchObject({
      success: true,
      message: 'Mensagem enviada para a fila do WhatsApp!',
      paymentUrl: null,
    });
    const [queued] = whatsapp();
    expect(queued).toMatchObject({
      id: answer.outboxId,
      recipient: '21998765432',
      template: 'custom',
      body: 'Olá! A degustação de sábado começa às 19h.',
    });
    const history = await t.caller(admin.token).subscribers.history({ id: subscriber.id });
    expect(history.at(-1)).toMatchObject({
      event: 'messaged',
      label: 'Mensagem enviada',
      actorKind: 'admin',
      details: { template: 'custom', channel: 'whatsapp' },
    });
  });

  it('refuses an empty custom text with the spec message, and sends nothing', async () => {
    const subscriber = await newSubscriber();
    const error = await refusal(
      t
        .caller(admin.token)
        .subscribers.sendMessage({ subscriberId: subscriber.id, template: 'custom', message: '   ' }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('Mensagem não pode estar vazia');
    expect(whatsapp()).toHaveLength(0);
  });

  it('answers 404 "Assinante não encontrado" for an unknown subscriber', async () => {
    const error = await refusal(
      t
        .caller(admin.token)
        .subscribers.sendMessage({ subscriberId: 'nobody', template: 'custom', message: 'Oi' }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Assinante não encontrado');
  });

  it('says "Telefone não encontrado para este assinante" when there is no phone', async () => {
    const subscriber = await newSubscriber();
    t.services.db.update(subscribers).set({ phone: '' }).where(eq(subscribers.id, subscriber.id)).run();
    const error = await refusal(
      t
        .caller(admin.token)
        .subscribers.sendMessage({ subscriberId: subscriber.id, template: 'custom', message: 'Oi' }),
    );
    expect(error.message).toBe('Telefone não encontrado para este assinante');
    expect(whatsapp()).toHaveLength(0);
  });

  it('a payment reminder carries a new payment link of the annual plan', async () => {
    const subscriber = await newSubscriber();
    const answer = await t.caller(admin.token).subscribers.sendMessage({
      subscriberId: subscriber.id,
      template: 'payment_reminder',
    });
    expect(answer.paymentUrl).toMatch(/^http/);
    const [queued] = whatsapp();
    expect(queued?.template).toBe('payment_reminder');
    expect(queued?.body).toContain(answer.paymentUrl);
    expect(queued?.body).toContain('R$');
  });

  it('renewal needs an approved member; welcome needs the account approval creates', async () => {
    const subscriber = await newSubscriber();
    const renewal = await refusal(
      t.caller(admin.token).subscribers.sendMessage({ subscriberId: subscriber.id, template: 'renewal' }),
    );
    expect(renewal.code).toBe('BAD_REQUEST');
    const welcome = await refusal(
      t.caller(admin.token).subscribers.sendMessage({ subscriberId: subscriber.id, template: 'welcome' }),
    );
    expect(welcome.code).toBe('CONFLICT');
    expect(welcome.message).toContain('Aprove o cadastro');
    expect(whatsapp()).toHaveLength(0);
  });

  it("after approval, welcome: the link goes to the account's e-mail, the unproven WhatsApp gets a notice; renewal works", async () => {
    const link = await createLink(t);
    await sandboxPay(t, link.id);
    const paid = rows(t).subscriberByEmail('mariana.ribeiro@example.com');
    await t.caller(admin.token).subscribers.approve({ id: paid?.id ?? '' });
    const before = whatsapp().length;
    const answer = await t
      .caller(admin.token)
      .subscribers.sendMessage({ subscriberId: paid?.id ?? '', template: 'welcome' });
    expect(answer.message).toBe(WELCOME_BY_EMAIL_MSG);
    const renewal = await t
      .caller(admin.token)
      .subscribers.sendMessage({ subscriberId: paid?.id ?? '', template: 'renewal' });
    const sent = whatsapp();
    expect(sent).toHaveLength(before + 2);
    const notice = sent.find((message) => message.id === answer.outboxId);
    expect(notice?.template).toBe('access_ready');
    expect(notice?.deliveryBody ?? notice?.body).not.toContain('definir-senha');
    const mailed = t.services.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'mariana.ribeiro@example.com'))
      .all()
      .filter((message) => message.template === 'welcome');
    // One from the approval, one from this welcome; both by e-mail, to the account's own address.
    expect(mailed.map((message) => message.channel)).toEqual(['email', 'email']);
    expect(mailed.at(-1)?.deliveryBody).toContain('/definir-senha?token=');
    const renewalMessage = sent.find((message) => message.template === 'renewal');
    expect(renewalMessage?.body).toContain(renewal.paymentUrl);
  });

  it('welcome by WhatsApp carries the link only to the number the account proved, kept out of the stored copy', async () => {
    const link = await createLink(t);
    await sandboxPay(t, link.id);
    const paid = rows(t).subscriberByEmail('mariana.ribeiro@example.com')!;
    await t.caller(admin.token).subscribers.approve({ id: paid.id });
    const tied = rows(t).subscriberByEmail('mariana.ribeiro@example.com')!;
    t.services.db
      .insert(accountPhones)
      .values({ userId: tied.userId!, phone: tied.phone, provenAt: t.clock.now() })
      .run();
    const answer = await t
      .caller(admin.token)
      .subscribers.sendMessage({ subscriberId: paid.id, template: 'welcome' });
    expect(answer.message).toBe('Mensagem enviada para a fila do WhatsApp!');
    const welcome = whatsapp().find((message) => message.id === answer.outboxId)!;
    expect(welcome.template).toBe('welcome');
    expect(welcome.recipient).toBe(tied.phone);
    expect(welcome.body).toContain('[link enviado somente ao destinatário]');
    expect(welcome.body).not.toContain('token=');
    expect(welcome.deliveryBody).toContain('/definir-senha?token=');
  });

  it('refuses a template that is not offered', async () => {
    const subscriber = await newSubscriber();
    const error = await refusal(
      t.caller(admin.token).subscribers.sendMessage({
        subscriberId: subscriber.id,
        template: 'event' as 'custom',
      }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('Opção inválida. Operação cancelada.');
  });
});
