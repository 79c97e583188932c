/** The demo messaging: edited templates and sent/failed messages for the outbox screen, idempotent. */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from '.';

let t: TestApp;
useTestApp((app) => (t = app));

describe('messaging seed', () => {
  it('edits templates and leaves sent and failed messages, once', async () => {
    const first = await runSeed(t.services);
    expect(first.lines).toContain(
      'modelos de mensagem: 3 editados, 0 já existiam; mensagens enviadas e com falha: 3 criadas, 0 já existiam',
    );
    const edited = t.services.templates.listEditable().filter((template) => !template.isDefault);
    expect(edited.map((template) => `${template.key}|${template.channel}`).sort()).toEqual([
      'event|email',
      'event|whatsapp',
      'renewal|whatsapp',
    ]);
    const failed = t.services.outbox.list({ status: 'failed' });
    expect(failed.some((message) => message.template === 'custom' && message.lastError)).toBe(true);
    expect(t.services.outbox.list({ status: 'sent' }).filter((m) => m.template === 'event')).toHaveLength(2);

    const total = t.services.outbox.list({ limit: 500 }).length;
    const second = await runSeed(t.services);
    expect(second.lines).toContain(
      'modelos de mensagem: 0 editados, 3 já existiam; mensagens enviadas e com falha: 0 criadas, 3 já existiam',
    );
    expect(t.services.outbox.list({ limit: 500 })).toHaveLength(total);
  });

  it('a seeded failed message can be retried from the outbox', async () => {
    await runSeed(t.services);
    const [failed] = t.services.outbox.list({ status: 'failed' });
    expect(t.services.outbox.retry(failed!.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
