/**
 * Message templates: the stored override of a (key, channel) or the default text, with
 * `{{placeholder}}` substitution. Every sender renders through here.
 */
import { and, eq } from 'drizzle-orm';
import { TEMPLATE_DEFAULTS, type TemplateText } from '../../shared/content/message-templates';
import type { Channel, TemplateKey } from '../../shared/notifications';
import { messageTemplates } from '../db/schema';
import type { ServiceDeps } from './deps';

export type TemplateVars = Record<string, string | number>;

export function renderText(text: string, vars: TemplateVars): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function createTemplatesService({ db }: ServiceDeps) {
  return {
    get(key: TemplateKey, channel: Channel): TemplateText {
      const row = db
        .select({ subject: messageTemplates.subject, body: messageTemplates.body })
        .from(messageTemplates)
        .where(and(eq(messageTemplates.key, key), eq(messageTemplates.channel, channel)))
        .get();
      return row ?? TEMPLATE_DEFAULTS[key][channel];
    },

    render(key: TemplateKey, channel: Channel, vars: TemplateVars): TemplateText {
      const text = this.get(key, channel);
      return {
        subject: text.subject === null ? null : renderText(text.subject, vars),
        body: renderText(text.body, vars),
      };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
