/**
 * Message templates: the stored override of a (key, channel) or the default text, with
 * `{{placeholder}}` substitution. Every sender renders through here. Admins edit the templates of
 * docs/product/back-office-and-member-area.md §3 (both channels); a text saved equal to its default removes the override, so a later
 * change of the default reaches it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TEMPLATE_DEFAULTS, type TemplateText } from '../../shared/content/message-templates';
import {
  EDITABLE_TEMPLATE_KEYS,
  TEMPLATE_LABELS,
  TEMPLATE_PLACEHOLDERS,
  WHATSAPP_MSG,
  type EditableTemplate,
  type EditableTemplateKey,
} from '../../shared/messaging-schemas';
import { CHANNELS, type Channel, type TemplateKey } from '../../shared/notifications';
import { placeholdersOf, renderText, type TemplateVars } from '../../shared/template-text';
import { messageTemplates } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';

export { renderText, type TemplateVars };

export function createTemplatesService({ db, clock }: ServiceDeps) {
  // Read for every queued message: prepared once (ADR 043).
  const storedText = db
    .select({ subject: messageTemplates.subject, body: messageTemplates.body })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.key, sql.placeholder('key')),
        eq(messageTemplates.channel, sql.placeholder('channel')),
      ),
    )
    .prepare();
  return {
    get(key: TemplateKey, channel: Channel): TemplateText {
      const row = storedText.get({ key, channel });
      return row ?? TEMPLATE_DEFAULTS[key][channel];
    },

    render(key: TemplateKey, channel: Channel, vars: TemplateVars): TemplateText {
      const text = this.get(key, channel);
      return {
        subject: text.subject === null ? null : renderText(text.subject, vars),
        body: renderText(text.body, vars),
      };
    },

    /** Every editable template, both channels, with its default and placeholders (the editor). */
    listEditable(): EditableTemplate[] {
      const stored = new Map(
        db
          .select()
          .from(messageTemplates)
          .all()
          .map((row) => [`${row.key}|${row.channel}`, row]),
      );
      return EDITABLE_TEMPLATE_KEYS.flatMap((key) =>
        CHANNELS.map((channel) => {
          const fallback = TEMPLATE_DEFAULTS[key][channel];
          const row = stored.get(`${key}|${channel}`);
          return {
            key,
            label: TEMPLATE_LABELS[key],
            channel,
            subject: row ? row.subject : fallback.subject,
            body: row ? row.body : fallback.body,
            isDefault: !row,
            defaultSubject: fallback.subject,
            defaultBody: fallback.body,
            placeholders: TEMPLATE_PLACEHOLDERS[key].available,
            requiredPlaceholders: TEMPLATE_PLACEHOLDERS[key].required,
          };
        }),
      );
    },

    /**
     * Stores the given texts, all or none: each must keep its required placeholders (a welcome
     * without its set-password link would lock the member out) and an e-mail needs a subject.
     */
    save(
      items: { key: EditableTemplateKey; channel: Channel; subject?: string | null; body: string }[],
    ): void {
      const rows = items.map((item) => {
        const label = TEMPLATE_LABELS[item.key];
        const body = item.body.trim();
        if (!body) throw new AppError('BAD_REQUEST', WHATSAPP_MSG.emptyMessage);
        const subject =
          item.channel === 'email'
            ? (item.subject ?? this.get(item.key, 'email').subject ?? '').trim()
            : null;
        if (item.channel === 'email' && !subject)
          throw new AppError('BAD_REQUEST', WHATSAPP_MSG.subjectRequired);
        for (const name of TEMPLATE_PLACEHOLDERS[item.key].required) {
          if (!placeholdersOf(body).includes(name)) {
            throw new AppError('BAD_REQUEST', WHATSAPP_MSG.missingPlaceholder(label, name));
          }
        }
        const fallback = TEMPLATE_DEFAULTS[item.key][item.channel];
        const isDefault = body === fallback.body && subject === fallback.subject;
        return { key: item.key, channel: item.channel, subject, body, isDefault };
      });
      const now = clock.now();
      db.transaction((tx) => {
        for (const row of rows) {
          const where = and(eq(messageTemplates.key, row.key), eq(messageTemplates.channel, row.channel));
          if (row.isDefault) {
            tx.delete(messageTemplates).where(where).run();
            continue;
          }
          tx.insert(messageTemplates)
            .values({
              key: row.key,
              channel: row.channel,
              subject: row.subject,
              body: row.body,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: [messageTemplates.key, messageTemplates.channel],
              set: { subject: row.subject, body: row.body, updatedAt: now },
            })
            .run();
        }
      });
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
