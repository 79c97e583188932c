/**
 * The WhatsApp screen's calls (docs/product/back-office-and-member-area.md §5, §7, §8) over REST and tRPC: the templates editor with
 * its defaults and refusals, sends and test sends (always through the outbox, in the words of docs/product/back-office-and-member-area.md §7),
 * renewal reminders, who may call them, and the outbox list never showing a usable secret link.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useAdminApp, type TestApp } from '../../../../tests/app';
import { approve, createLink, rows } from '../../../../tests/checkout';
import { TEMPLATE_DEFAULTS } from '../../../shared/content/message-templates';
import { outbox, subscribers } from '../../db/schema';
import { SECRET_PLACEHOLDER } from '../outbox';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { sendToAllExpiring, runDue } from '../../membership/renewal-reminders/remind';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.request({ method, url: `/api${url}`, headers: bearer(admin.token), payload: payload as object });
const outboxRows = () => t.services.db.select().from(outbox).all();

async function subscriber(email: string, phone: string, endInDays = 20) {
  await createLink(t, { customerEmail: email });
  const found = rows(t).subscriberByEmail(email)!;
  approve(t, found.id, new Date(t.clock.now().getTime() + endInDays * DAY_MS));
  t.services.db.update(subscribers).set({ phone }).where(eq(subscribers.id, found.id)).run();
  return found.id;
}

const ROUTES = [
  ['GET', '/admin/whatsapp/messages'],
  ['PUT', '/admin/whatsapp/messages'],
  ['POST', '/admin/whatsapp/send'],
  ['GET', '/admin/whatsapp/renewal-reminders'],
  ['POST', '/admin/whatsapp/renewal-reminders'],
  ['POST', '/admin/whatsapp/test'],
  ['POST', '/admin/whatsapp/test-message'],
  ['GET', '/admin/settings'],
  ['POST', '/admin/settings'],
  ['POST', '/admin/settings/test-pagarme'],
  ['POST', '/admin/settings/test-whatsapp'],
] as const;

describe('admin only', () => {
  it('answers 401 without a session and 403 to a member, sending nothing', async () => {
    const member = await t.signIn('user');
    for (const [method, path] of ROUTES) {
      const payload =
        method === 'GET' ? undefined : { phone: '11987654321', message: 'oi', testPhone: '11987654321' };
      const anonymous = await t.request({ method, url: `/api${path}`, payload });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const asMember = await t.request({
        method,
        url: `/api${path}`,
        headers: bearer(member.token),
        payload,
      });
      expect(asMember.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(outboxRows()).toHaveLength(0);
  });
});

describe('templates: GET/PUT /api/admin/whatsapp/messages', () => {
  it('lists the five templates for both channels with their defaults and placeholders', async () => {
    const res = await call('GET', '/admin/whatsapp/messages');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.messages)).toEqual([
      'welcome',
      'renewal',
      'event',
      'payment_confirmed',
      'payment_reminder',
    ]);
    expect(body.messages.renewal).toBe(TEMPLATE_DEFAULTS.renewal.whatsapp.body);
    expect(body.templates).toHaveLength(10);
    expect(
      body.templates.find(
        (x: { key: string; channel: string }) => x.key === 'renewal' && x.channel === 'email',
      ),
    ).toMatchObject({
      label: 'Renovação',
      subject: TEMPLATE_DEFAULTS.renewal.email.subject,
      isDefault: true,
      placeholders: ['name', 'endDate', 'amount', 'paymentUrl', 'clubName'],
      requiredPlaceholders: ['paymentUrl'],
    });
    expect(body.sample).toMatchObject({ name: 'Mariana Costa' });
  });

  it('saves WhatsApp texts and e-mail templates; the next message uses them', async () => {
    const res = await call('PUT', '/admin/whatsapp/messages', {
      messages: { renewal: 'Oi {{name}}! Renove até {{endDate}}: {{paymentUrl}}' },
      templates: [
        {
          key: 'event',
          channel: 'email',
          subject: 'Convite: {{eventName}}',
          body: 'Olá {{name}}, {{eventDetails}}',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.messages.renewal).toBe('Oi {{name}}! Renove até {{endDate}}: {{paymentUrl}}');
    expect(
      body.templates.find(
        (x: { key: string; channel: string }) => x.key === 'event' && x.channel === 'email',
      ),
    ).toMatchObject({
      subject: 'Convite: {{eventName}}',
      isDefault: false,
    });

    const sent = await call('POST', '/admin/whatsapp/test-message', {
      messageType: 'renewal',
      testPhone: '(11) 98765-4321',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, status: 'queued' });
    const [message] = outboxRows();
    expect(message).toMatchObject({ channel: 'whatsapp', recipient: '11987654321', template: 'renewal' });
    expect(message!.body).toMatch(/^Oi Mariana Costa! Renove até \d{2}\/\d{2}\/\d{4}: http/);
  });

  it('saving a default text again removes the override', async () => {
    await call('PUT', '/admin/whatsapp/messages', { messages: { event: 'Evento: {{eventName}}' } });
    const res = await call('PUT', '/admin/whatsapp/messages', {
      messages: { event: TEMPLATE_DEFAULTS.event.whatsapp.body },
    });
    expect(
      res
        .json()
        .templates.find(
          (x: { key: string; channel: string }) => x.key === 'event' && x.channel === 'whatsapp',
        ).isDefault,
    ).toBe(true);
  });

  it.each([
    [{ messages: { renewal: '   ' } }, 'Mensagem não pode estar vazia'],
    [{ messages: { renewal: 'Renove já!' } }, 'A mensagem "Renovação" precisa conter {{paymentUrl}}'],
    [
      { messages: { welcome: 'Bem-vindo, {{name}}' } },
      'A mensagem "Boas-vindas" precisa conter {{setPasswordUrl}}',
    ],
    [{ templates: [{ key: 'event', channel: 'email', subject: ' ', body: 'Oi' }] }, 'Assunto é obrigatório'],
    [{ messages: { unknown: 'x' } }, 'Tipo de mensagem inválido'],
  ])('refuses %j with a 400 and changes nothing', async (payload, error) => {
    const res = await call('PUT', '/admin/whatsapp/messages', {
      messages: { event: 'Mudou {{name}}', ...(payload as { messages?: object }).messages },
      templates: (payload as { templates?: unknown }).templates,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
    const after = (await call('GET', '/admin/whatsapp/messages')).json();
    expect(after.templates.every((x: { isDefault: boolean }) => x.isDefault)).toBe(true);
  });
});

describe('sending: POST /api/admin/whatsapp/send, /test, /test-message', () => {
  it('queues a typed message to a typed phone', async () => {
    const res = await call('POST', '/admin/whatsapp/send', {
      phone: '+55 (21) 99876-5432',
      message: 'Olá, confrade!',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Mensagem enviada para a fila de envio.',
      messageId: expect.any(String),
      status: 'queued',
    });
    expect(outboxRows()).toMatchObject([
      { channel: 'whatsapp', recipient: '5521998765432', body: 'Olá, confrade!' },
    ]);
  });

  it('to a subscriber: the phone on file, their name filled in, a line in their history', async () => {
    const id = await subscriber('nina@teste.com.br', '21998765432');
    const res = await call('POST', '/admin/whatsapp/send', {
      subscriberId: id,
      message: 'Oi {{name}}, tudo bem?',
    });
    expect(res.statusCode).toBe(200);
    expect(outboxRows()).toMatchObject([
      { recipient: '21998765432', body: 'Oi Mariana Costa Ribeiro, tudo bem?' },
    ]);
    expect(t.services.lifecycle.history(id).at(-1)).toMatchObject({
      event: 'message_sent',
      actorId: admin.userId,
    });
  });

  it.each([
    [{ phone: '11987654321', message: '   ' }, 400, 'Mensagem não pode estar vazia'],
    [{ phone: '11987654321' }, 400, 'Mensagem não pode estar vazia'],
    [{ message: 'Oi' }, 400, 'Digite o número de telefone'],
    [{ phone: '1198765', message: 'Oi' }, 400, 'Telefone deve ter pelo menos 10 dígitos'],
    [{ subscriberId: 'nao-existe', message: 'Oi' }, 404, 'Assinante não encontrado'],
  ])('refuses %j', async (payload, status, error) => {
    const res = await call('POST', '/admin/whatsapp/send', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
    expect(outboxRows()).toHaveLength(0);
  });

  it('says when a subscriber has no phone on file', async () => {
    const id = await subscriber('otto@teste.com.br', '');
    const res = await call('POST', '/admin/whatsapp/send', { subscriberId: id, message: 'Oi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Telefone não encontrado para este assinante' });
  });

  it('test sends need a phone ("Digite um número de telefone para teste")', async () => {
    for (const [url, payload] of [
      ['/admin/whatsapp/test', {}],
      ['/admin/whatsapp/test', { phone: '  ' }],
      ['/admin/whatsapp/test-message', { messageType: 'welcome', testPhone: '' }],
    ] as const) {
      const res = await call('POST', url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'Digite um número de telefone para teste' });
    }
    const wrongType = await call('POST', '/admin/whatsapp/test-message', {
      messageType: 'set_password',
      testPhone: '11987654321',
    });
    expect(wrongType.json()).toEqual({ error: 'Tipo de mensagem inválido' });
    expect(outboxRows()).toHaveLength(0);

    const ok = await call('POST', '/admin/whatsapp/test', { phone: '11 98765-4321' });
    expect(ok.statusCode).toBe(200);
    expect(outboxRows()[0]!.body).toContain('Mensagem de teste da Confraria Vinhos & Amigos');
  });

  it('a test of every template is fully filled in with the sample member', async () => {
    for (const messageType of ['welcome', 'renewal', 'event', 'payment_confirmed', 'payment_reminder']) {
      expect(
        (await call('POST', '/admin/whatsapp/test-message', { messageType, testPhone: '11987654321' }))
          .statusCode,
      ).toBe(200);
    }
    for (const message of outboxRows()) expect(message.body).not.toContain('{{');
  });
});

describe('POST /api/admin/whatsapp/renewal-reminders', () => {
  it('sends a renewal link to everyone with 30 days or fewer left, and only them', async () => {
    await subscriber('pedro@teste.com.br', '11911112222', 12);
    await subscriber('quel@teste.com.br', '11933334444', 29);
    await subscriber('rui@teste.com.br', '11955556666', 45);
    const res = await call('POST', '/admin/whatsapp/renewal-reminders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Lembretes de renovação enviados para 2 assinantes.',
      sent: 2,
      failed: 0,
      skippedToday: 0,
    });
    const recipients = outboxRows()
      .filter((m) => m.template === 'renewal')
      .map((m) => m.recipient);
    expect(recipients.sort()).toEqual([
      '11911112222',
      '11933334444',
      'pedro@teste.com.br',
      'quel@teste.com.br',
    ]);
  });
});

describe('renewal reminders sent by hand: who and how many first, never twice a day', () => {
  const renewalOutbox = () => outboxRows().filter((m) => m.template === 'renewal');

  it('GET says who would receive it, with the end date, before anything is sent', async () => {
    const pedro = await subscriber('pedro@teste.com.br', '11911112222', 12);
    await subscriber('rui@teste.com.br', '11955556666', 45);
    const res = await call('GET', '/admin/whatsapp/renewal-reminders');
    expect(res.statusCode).toBe(200);
    const pedroRow = rows(t).subscriberByEmail('pedro@teste.com.br')!;
    expect(res.json()).toEqual({
      success: true,
      recipients: [
        {
          subscriberId: pedro,
          name: pedroRow.name,
          periodEnd: pedroRow.subscriptionEndDate!.toISOString(),
          whatsapp: true,
          remindedToday: false,
        },
      ],
      toSend: 1,
      skippedToday: 0,
    });
    expect(renewalOutbox()).toHaveLength(0);
  });

  it('a second click the same day sends nothing and says how many already received it', async () => {
    for (const [index, days] of [5, 10, 15, 20].entries()) {
      await subscriber(`m${index}@teste.com.br`, `1191111000${index}`, days);
    }
    expect((await call('POST', '/admin/whatsapp/renewal-reminders')).json()).toMatchObject({ sent: 4 });
    expect(renewalOutbox()).toHaveLength(8);

    const again = await call('POST', '/admin/whatsapp/renewal-reminders');
    expect(again.json()).toEqual({
      success: true,
      message: 'Lembretes de renovação enviados para 0 assinantes. 4 já receberam hoje.',
      sent: 0,
      failed: 0,
      skippedToday: 4,
    });
    expect(renewalOutbox()).toHaveLength(8);
    expect((await call('GET', '/admin/whatsapp/renewal-reminders')).json()).toMatchObject({
      toSend: 0,
      skippedToday: 4,
    });

    // The next day in São Paulo, a send goes out again (the session's day is over: the service).
    t.clock.advance(DAY_MS);
    expect(await sendToAllExpiring(t.services.renewalReminders, admin.userId)).toEqual({
      sent: 4,
      failed: 0,
      skippedToday: 0,
    });
    expect(renewalOutbox()).toHaveLength(16);
  });

  it('holds against a double click: two sends at once queue each reminder once', async () => {
    await subscriber('ana@teste.com.br', '11911112222', 12);
    await subscriber('bia@teste.com.br', '11933334444', 20);
    const [first, second] = await Promise.all([
      call('POST', '/admin/whatsapp/renewal-reminders'),
      call('POST', '/admin/whatsapp/renewal-reminders'),
    ]);
    const answers = [first.json(), second.json()];
    expect(answers.reduce((sum, answer) => sum + answer.sent, 0)).toBe(2);
    expect(answers.reduce((sum, answer) => sum + answer.skippedToday, 0)).toBe(2);
    expect(
      renewalOutbox()
        .map((m) => m.recipient)
        .sort(),
    ).toEqual(['11911112222', '11933334444', 'ana@teste.com.br', 'bia@teste.com.br']);
  });

  it('skips a member the daily job already reminded today', async () => {
    t.services.settings.update({ renewalAutomation: true });
    await subscriber('caio@teste.com.br', '11911112222', 25);
    expect((await runDue(t.services.renewalReminders)).sent).toBe(1);
    expect((await call('POST', '/admin/whatsapp/renewal-reminders')).json()).toMatchObject({
      sent: 0,
      skippedToday: 1,
      message: 'Lembretes de renovação enviados para 0 assinantes. 1 já recebeu hoje.',
    });
    expect(renewalOutbox()).toHaveLength(2);
  });
});

describe('the outbox list never shows a usable secret link', () => {
  it('a set-password e-mail reads with the placeholder in the admin list', async () => {
    const member = await t.signIn('user', 'sofia@teste.com.br');
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.email } });
    const list = await t.caller(admin.token).outbox.list({});
    const reset = list.items.find((item) => item.template === 'set_password');
    expect(reset?.body).toContain(SECRET_PLACEHOLDER);
    expect(JSON.stringify(list)).not.toMatch(/token=/);
  });
});
