/**
 * A message to a filtered subscriber list (ADR 046): the preview (count, first recipient's text,
 * those without a proven contact listed apart), a send that happens once per idempotency key
 * (double click, retry), each message in the outbox and on the member's record, the activity log,
 * bounded lists and per-call rate limits.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../../tests/app';
import { makeMember } from '../../../../tests/member';
import { MSG } from '../../../shared/messages';
import { accountPhones, activityLog, outbox, subscribers, users } from '../../db/schema';
import { failure } from '../../../../tests/refusal';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

/** Three members of one list: a proven WhatsApp, a confirmed e-mail only, and no proven contact. */
async function club() {
  const helena = await makeMember(t, { name: 'Helena Duarte Lista' });
  t.services.db
    .insert(accountPhones)
    .values({ userId: helena.userId, phone: '21998765432', provenAt: t.clock.now() })
    .run();
  const mariana = await makeMember(t, { name: 'Mariana Costa Lista' });
  const claimed = await makeMember(t, { name: 'Rafael Oliveira Lista' });
  // Rafael's account never confirmed its sign-in address: nothing of his is proven.
  t.services.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, claimed.userId)).run();
  return { helena, mariana, claimed };
}

const filter = { search: 'Lista', sortBy: 'fullName' as const, sortOrder: 'asc' as const };
const text = 'Olá, {{nome}}! A degustação de sábado começa às 19h.';
const key = (n: number) => `chave-de-envio-${String(n).padStart(4, '0')}`;
const outboxRows = () => t.services.db.select().from(outbox).where(eq(outbox.template, 'custom')).all();

describe('subscribers.previewListMessage / sendListMessage', () => {
  it('previews who receives it, by which proven contact, and the first recipient’s text', async () => {
    const { claimed } = await club();
    const preview = await t.caller(admin.token).subscribers.previewListMessage({ filter, message: text });
    expect(preview).toEqual({
      total: 3,
      tooMany: null,
      reachable: 2,
      byChannel: { whatsapp: 1, email: 1 },
      unreachable: [
        {
          id: claimed.subscriberId,
          name: 'Rafael Oliveira Lista',
          reason: 'Sem contato comprovado (nem WhatsApp confirmado, nem email confirmado)',
        },
      ],
      first: {
        name: 'Helena Duarte Lista',
        channel: 'whatsapp',
        text: 'Olá, Helena! A degustação de sábado começa às 19h.',
      },
    });
    expect(outboxRows()).toHaveLength(0);
  });

  it('sends once per key: a double click or a retry queues nothing again; outbox, record and log', async () => {
    const { helena, mariana, claimed } = await club();
    const api = t.caller(admin.token).subscribers;
    const [first, second] = await Promise.all([
      api.sendListMessage({ filter, message: text, idempotencyKey: key(1) }),
      api.sendListMessage({ filter, message: text, idempotencyKey: key(1) }),
    ]);
    expect(first).toMatchObject({
      replayed: false,
      sent: 2,
      skipped: 1,
      message: 'Mensagem enviada para a fila de 2 assinante(s); 1 sem contato comprovado não receberam.',
    });
    expect(second).toMatchObject({
      replayed: true,
      sent: 2,
      message: 'Este envio já tinha sido feito: nenhuma mensagem foi enviada de novo.',
    });
    const retry = await api.sendListMessage({ filter, message: text, idempotencyKey: key(1) });
    expect(retry.replayed).toBe(true);

    // The proven number and the confirmed sign-in address, once each; nothing to Rafael.
    expect(
      outboxRows()
        .map((row) => [row.channel, row.recipient, row.body])
        .sort(),
    ).toEqual([
      ['email', mariana.email, 'Olá, Mariana! A degustação de sábado começa às 19h.'],
      ['whatsapp', '21998765432', 'Olá, Helena! A degustação de sábado começa às 19h.'],
    ]);
    expect(outboxRows().some((row) => row.recipient === claimed.email)).toBe(false);

    // On the member's record: the history line and "Mensagens".
    const history = await api.history({ id: helena.subscriberId });
    expect(history.filter((entry) => entry.event === 'messaged')).toHaveLength(1);
    expect(await api.messages({ id: helena.subscriberId })).toMatchObject([
      {
        channel: 'whatsapp',
        recipient: '(21) 99876-5432',
        text: 'Olá, Helena! A degustação de sábado começa às 19h.',
        toList: true,
      },
    ]);
    expect(await api.messages({ id: claimed.subscriberId })).toEqual([]);
    const log = t.services.db.select().from(activityLog).where(eq(activityLog.action, 'list_messaged')).all();
    expect(log).toHaveLength(1);
    expect(log[0]?.details).toMatchObject({ sent: 2, skipped: 1 });

    // A new send (a new key) is a new message.
    await api.sendListMessage({ filter, message: 'Outro aviso', idempotencyKey: key(2) });
    expect(outboxRows()).toHaveLength(4);
  });

  it('refuses an empty text, a list without proven contacts and a list over 200, changing nothing', async () => {
    await club();
    const api = t.caller(admin.token).subscribers;
    expect(await failure(api.sendListMessage({ filter, message: '  ', idempotencyKey: key(3) }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Escreva a mensagem.',
    });
    const nobody = await failure(
      api.sendListMessage({
        filter: { ...filter, search: 'Rafael Oliveira Lista' },
        message: text,
        idempotencyKey: key(4),
      }),
    );
    expect(nobody).toEqual({
      code: 'BAD_REQUEST',
      message: 'Ninguém desta lista tem um contato comprovado: nenhuma mensagem foi enviada.',
    });
    expect(await failure(api.sendListMessage({ filter, message: text, idempotencyKey: 'curta' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Envio inválido: feche a janela e abra de novo.',
    });

    const now = t.clock.now();
    t.services.db
      .insert(subscribers)
      .values(
        Array.from({ length: 201 }, (_, index) => ({
          id: `massa-${index}`,
          name: `Pessoa Massa ${index}`,
          email: `massa${index}@exemplo.com.br`,
          referralCode: `MASSA${index}`,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .run();
    const big = { search: 'Massa' };
    const preview = await api.previewListMessage({ filter: big, message: text });
    expect(preview).toMatchObject({
      tooMany: 'A lista tem 201 assinantes: filtre até no máximo 200 por envio.',
      first: null,
    });
    expect(
      await failure(api.sendListMessage({ filter: big, message: text, idempotencyKey: key(5) })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'A lista tem 201 assinantes: filtre até no máximo 200 por envio.',
    });
    expect(outboxRows()).toHaveLength(0);
  });

  it('is counted per call (10 sends a minute) and refused to members', async () => {
    await club();
    const api = t.caller(admin.token).subscribers;
    for (let i = 0; i < 10; i++) await api.sendListMessage({ filter, message: text, idempotencyKey: key(1) });
    expect(await failure(api.sendListMessage({ filter, message: text, idempotencyKey: key(1) }))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: MSG.tooManyRequests,
    });
    const member = await t.signIn('user');
    const refused = await failure(
      t.caller(member.token).subscribers.sendListMessage({ filter, message: text, idempotencyKey: key(9) }),
    );
    expect(refused.code).toBe('FORBIDDEN');
  });
});
