/**
 * What the account-takeover tests read back: every message the real outbox worker delivered, by
 * e-mail to the local mailbox or by WhatsApp to the Cloud API fake on loopback.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './app';
import type { FakeWhatsAppServer } from './fakes/whatsapp-server';
import { runOnce } from '../src/server/messaging/outbox-worker/delivery';

export interface Delivered {
  channel: 'email' | 'whatsapp';
  to: string;
  text: string;
}

/** Runs the outbox worker until the queue is empty and answers everything delivered so far. */
export async function deliverAll(t: TestApp, whatsapp: FakeWhatsAppServer): Promise<Delivered[]> {
  for (let pass = 0; pass < 10; pass++) {
    const result = await runOnce(t.services.outboxWorker);
    if (result.sent + result.retrying + result.failed === 0) break;
  }
  const mailbox = path.join(t.dataDir, 'mailbox');
  const mails: Delivered[] = fs.existsSync(mailbox)
    ? fs
        .readdirSync(mailbox)
        .sort()
        .map((name) => {
          const text = fs.readFileSync(path.join(mailbox, name), 'utf8');
          return { channel: 'email' as const, to: /^Para: (.+)$/m.exec(text)![1]!, text };
        })
    : [];
  const chats = (whatsapp.delivered as { to: string; text: { body: string } }[]).map((body) => ({
    channel: 'whatsapp' as const,
    to: body.to,
    text: body.text.body,
  }));
  return [...mails, ...chats];
}
