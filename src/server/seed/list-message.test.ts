import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { HELENA_EMAIL } from './member-portal';
import { runSeed } from './index';
import { list } from '../membership/subscribers/admin/list';

let t: TestApp;
useTestApp((app) => (t = app));

describe('list message demo seed', () => {
  it('sends the year-end tasting to the active members with a proven contact, once', async () => {
    const { lines } = await runSeed(t.services);
    const line = lines.find((text) => text.startsWith('mensagem para uma lista:'));
    expect(line).toMatch(/^mensagem para uma lista: \d+ enviada\(s\), \d+ sem contato comprovado/);
    const helena = list(t.services.subscriberAdmin, {
      status: 'all',
      search: HELENA_EMAIL,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: 1,
      limit: 1,
    }).subscribers[0]!;
    expect(t.services.listMessages.messagesOf(helena.id)).toMatchObject([
      {
        channel: 'whatsapp',
        toList: true,
        text: expect.stringContaining('Olá, Helena! A degustação de fim de ano'),
      },
    ]);

    const second = await runSeed(t.services);
    expect(second.lines).toContain('mensagem para uma lista: já enviada antes, nada enviado de novo');
    expect(t.services.listMessages.messagesOf(helena.id)).toHaveLength(1);
  });
});
