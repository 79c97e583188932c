/** Messages to the person's addresses, and what they wrote through the contact form. */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ERASED_NAME } from '../../../shared/privacy-schemas';
import { contactMessages, outbox } from '../../db/schema';
import { ERASED_RECIPIENT } from '../../messaging/outbox';
import { ERASED_TEXT } from './erased-values';
import type { DataErasureDeps } from './subject';

type ContactMessage = typeof contactMessages.$inferSelect;

/** The outbox's copies lose address and text; those still queued are never delivered. */
function scrubOutbox({ db, clock }: DataErasureDeps, sentToThem: SQL[]) {
  const now = clock.now();
  // Still queued: never delivered (its text is gone); the rest keep their status.
  db.update(outbox)
    .set({ status: 'failed', lastError: ERASED_TEXT, updatedAt: now })
    .where(and(or(...sentToThem), eq(outbox.status, 'queued')))
    .run();
  db.update(outbox)
    .set({
      recipient: ERASED_RECIPIENT,
      subject: sql`case when ${outbox.subject} is null then null else ${ERASED_TEXT} end`,
      body: ERASED_TEXT,
      deliveryBody: null,
    })
    .where(or(...sentToThem))
    .run();
}

function scrubContactMessages({ db }: DataErasureDeps, contacts: ContactMessage[]) {
  db.update(contactMessages)
    .set({ name: ERASED_NAME, email: ERASED_RECIPIENT, subject: ERASED_TEXT, message: ERASED_TEXT })
    .where(
      inArray(
        contactMessages.id,
        contacts.map((row) => row.id),
      ),
    )
    .run();
}

export function scrubMessages(deps: DataErasureDeps, emails: string[], phones: string[]) {
  const contacts = emails.length
    ? deps.db.select().from(contactMessages).where(inArray(contactMessages.email, emails)).all()
    : [];
  const sentToThem: SQL[] = [];
  if (emails.length || phones.length) sentToThem.push(inArray(outbox.recipient, [...emails, ...phones]));
  const contactOutbox = contacts.map((row) => row.outboxId).filter((id): id is string => id !== null);
  if (contactOutbox.length) sentToThem.push(inArray(outbox.id, contactOutbox));
  if (sentToThem.length) scrubOutbox(deps, sentToThem);
  if (contacts.length) scrubContactMessages(deps, contacts);
}
