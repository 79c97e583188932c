/**
 * /admin/whatsapp (docs/product/back-office-and-member-area.md §2 "Admin WhatsApp templates", §5, §8): the template editor (WhatsApp
 * and e-mail texts, placeholders inserted at the cursor, a live preview with a sample member), a
 * sample send of the template shown, a message to one typed number, and the renewal reminders button.
 * Every send is queued in the outbox; the "Mensagens" screen shows what happened to it.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  CHANNEL_LABELS,
  PLACEHOLDER_LABELS,
  WHATSAPP_MSG,
  type EditableTemplate,
} from '../../../../shared/messaging-schemas';
import { phoneMessage } from '../../../../shared/fields/rules';
import { FIELD_LIMITS } from '../../../../shared/fields/limits';
import type { Channel } from '../../../../shared/notifications';
import { renderText } from '../../../../shared/template-text';
import { errorText, trpcStatus } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-messaging.css';
import { Alert } from '../../ui/Alert';
import { LoadFailed } from '../../ui/LoadFailed';
import { Button } from '../../ui/Button';
import { PageLoading } from '../../ui/PageLoading';
import { SelectField, TextAreaField, TextField, type TextFieldProps } from '../../ui/TextField';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { RenewalReminderList } from './RenewalReminderList';
import { useStepUp } from '../security/step-up';

type Draft = { subject: string | null; body: string };
const idOf = (template: Pick<EditableTemplate, 'key' | 'channel'>) => `${template.key}|${template.channel}`;

/** The spec's send failure: the server's words, else "HTTP {status}: …", else a connection error. */
function sendError(error: unknown): string {
  const status = trpcStatus(error);
  return errorText(
    error,
    status ? WHATSAPP_MSG.sendFailed(status) : 'Erro de conexão: não foi possível enviar a mensagem',
  );
}

/** Client-side check of a typed phone, with the server's messages. */
function phoneProblem(value: string, emptyMessage: string): string | null {
  return phoneMessage(value, {
    required: emptyMessage,
    tooShort: WHATSAPP_MSG.phoneTooShort,
    tooLong: WHATSAPP_MSG.phoneTooLong,
  });
}

export function WhatsAppPage() {
  const templates = trpc.whatsapp.messages.useQuery();
  if (templates.isPending) return <PageLoading />;
  if (templates.isError) {
    return (
      <LoadFailed
        className="adm-stack"
        message={WHATSAPP_MSG.loadFailed}
        onRetry={() => void templates.refetch()}
      />
    );
  }
  return (
    <div className="adm-stack">
      <TemplateEditor templates={templates.data.templates} sample={templates.data.sample} />
      <div className="adm-grid adm-grid--2">
        <SendMessage />
        <RenewalReminders />
      </div>
    </div>
  );
}

function TemplateEditor({
  templates,
  sample,
}: {
  templates: EditableTemplate[];
  sample: Record<string, string>;
}) {
  const utils = trpc.useUtils();
  const save = trpc.whatsapp.saveMessages.useMutation();
  const withStepUp = useStepUp();
  const testMessage = trpc.whatsapp.testMessage.useMutation();
  const keys = useMemo(() => [...new Map(templates.map((t) => [t.key, t.label])).entries()], [templates]);
  const [key, setKey] = useState(templates[0]?.key ?? 'welcome');
  const [channel, setChannel] = useState<Channel>('whatsapp');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [testPhone, setTestPhone] = useState('');
  const [testError, setTestError] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const current = templates.find((t) => t.key === key && t.channel === channel) ?? templates[0]!;
  const stored: Draft = { subject: current.subject, body: current.body };
  const draft = drafts[idOf(current)] ?? stored;
  const changed = templates.filter((t) => {
    const d = drafts[idOf(t)];
    return d && (d.body !== t.body || (t.channel === 'email' && d.subject !== t.subject));
  });
  const isDirty = (t: EditableTemplate) => changed.includes(t);

  const edit = (patch: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [idOf(current)]: { ...draft, ...patch } }));

  function insertPlaceholder(name: string) {
    const token = `{{${name}}}`;
    const area = bodyRef.current;
    const start = area?.selectionStart ?? draft.body.length;
    const end = area?.selectionEnd ?? draft.body.length;
    edit({ body: draft.body.slice(0, start) + token + draft.body.slice(end) });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  async function saveAll() {
    setSaveError(null);
    try {
      // A sensitive change: the server may ask the admin to confirm their identity first.
      const payload = {
        templates: changed.map((t) => {
          const d = drafts[idOf(t)]!;
          return {
            key: t.key,
            channel: t.channel,
            subject: t.channel === 'email' ? d.subject : null,
            body: d.body,
          };
        }),
      };
      const answer = await withStepUp(() => save.mutateAsync(payload));
      utils.whatsapp.messages.setData(undefined, answer);
      setDrafts({});
      toast.success(WHATSAPP_MSG.saved);
    } catch (error) {
      setSaveError(errorText(error, WHATSAPP_MSG.saveFailed));
    }
  }

  async function sendTest(event: FormEvent) {
    event.preventDefault();
    const problem = phoneProblem(testPhone, WHATSAPP_MSG.testPhoneRequired);
    setTestError(problem);
    if (problem) return;
    try {
      await testMessage.mutateAsync({ messageType: current.key, testPhone });
      toast.success(WHATSAPP_MSG.testQueued);
    } catch (error) {
      setTestError(sendError(error));
    }
  }

  const preview = renderText(draft.body, sample);
  const missing = current.requiredPlaceholders.filter((name) => !draft.body.includes(`{{${name}}}`));

  return (
    <section className="card adm-card" aria-labelledby="templates-title">
      {/* Texts marked "(alterado)" and not saved: leaving the page asks first (ADR 033). */}
      <UnsavedChangesGuard dirty={changed.length > 0 && !save.isPending} />
      <h2 id="templates-title">Modelos de mensagem</h2>
      <p className="adm-card__intro">
        Textos enviados pelo clube por WhatsApp e e-mail. Os marcadores entre chaves são trocados pelos dados
        de cada confrade; a pré-visualização usa um confrade de exemplo.
      </p>

      <div className="adm-row">
        <SelectField
          label="Modelo"
          className="field__input adm-select"
          value={key}
          onChange={(event) => setKey(event.target.value as typeof key)}
        >
          {keys.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
              {templates.some((t) => t.key === value && isDirty(t)) ? ' (alterado)' : ''}
            </option>
          ))}
        </SelectField>
        <div className="adm-tabs" role="group" aria-label="Canal">
          {(['whatsapp', 'email'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="adm-tab"
              aria-pressed={channel === value}
              onClick={() => setChannel(value)}
            >
              {CHANNEL_LABELS[value]}
            </button>
          ))}
        </div>
      </div>

      <div className="adm-grid adm-grid--2">
        <div className="form">
          {channel === 'email' && (
            <TextField
              label="Assunto"
              value={draft.subject ?? ''}
              maxLength={FIELD_LIMITS.messageSubject}
              onChange={(event) => edit({ subject: event.target.value })}
            />
          )}
          <div className="field">
            <label className="field__label" htmlFor="template-body">
              Mensagem ({CHANNEL_LABELS[channel]})
            </label>
            <textarea
              id="template-body"
              ref={bodyRef}
              className="field__input adm-textarea"
              rows={channel === 'email' ? 10 : 6}
              maxLength={FIELD_LIMITS.messageText}
              value={draft.body}
              aria-describedby="template-placeholders-hint"
              onChange={(event) => edit({ body: event.target.value })}
            />
          </div>
          <p id="template-placeholders-hint" className="adm-note">
            Inserir marcador (no ponto do cursor):
          </p>
          <ul className="adm-chips">
            {current.placeholders.map((name) => (
              <li key={name}>
                <button type="button" className="adm-chip" onClick={() => insertPlaceholder(name)}>
                  <code>{`{{${name}}}`}</code> {PLACEHOLDER_LABELS[name] ?? name}
                </button>
              </li>
            ))}
          </ul>
          {missing.length > 0 && (
            <Alert tone="info">
              Este modelo precisa conter {missing.map((name) => `{{${name}}}`).join(', ')}.
            </Alert>
          )}
          <div className="adm-actions">
            <Button
              onClick={() => void saveAll()}
              loading={save.isPending}
              loadingLabel="Salvando..."
              disabled={changed.length === 0}
            >
              Salvar mensagens{changed.length > 0 ? ` (${changed.length})` : ''}
            </Button>
            <Button
              variant="secondary"
              disabled={draft.body === current.defaultBody && draft.subject === current.defaultSubject}
              onClick={() => edit({ body: current.defaultBody, subject: current.defaultSubject })}
            >
              Restaurar texto padrão
            </Button>
          </div>
          {saveError && <Alert>{saveError}</Alert>}
        </div>

        <div className="form">
          <h3 className="adm-subtitle" id="preview-title">
            Pré-visualização
          </h3>
          <div
            className={`adm-preview${channel === 'email' ? ' adm-preview--email' : ''}`}
            aria-labelledby="preview-title"
            role="region"
          >
            {channel === 'email' && (
              <span className="adm-preview__subject">{renderText(draft.subject ?? '', sample)}</span>
            )}
            {preview}
          </div>
          <form className="form" onSubmit={(event) => void sendTest(event)} noValidate>
            <NumberField
              label="Número que recebe o exemplo"
              placeholder="(11) 98765-4321"
              value={testPhone}
              onNumber={setTestPhone}
              error={testError ?? undefined}
              hint={
                isDirty(current)
                  ? 'O exemplo usa o texto salvo: salve as alterações antes.'
                  : 'Envia este modelo, preenchido com o confrade de exemplo, por WhatsApp.'
              }
            />
            <div>
              <Button
                type="submit"
                variant="secondary"
                loading={testMessage.isPending}
                loadingLabel="Enviando..."
              >
                Enviar exemplo
              </Button>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}

/** A WhatsApp number the admin types (checked with `phoneProblem` when its form is sent). */
function NumberField({
  onNumber,
  ...field
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'onChange'> & {
  onNumber: (text: string) => void;
}) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      onChange={(event) => onNumber(event.target.value)}
      {...field}
    />
  );
}

function SendMessage() {
  const send = trpc.whatsapp.send.useMutation();
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; message?: string; send?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      phone: phoneProblem(phone, WHATSAPP_MSG.phoneRequired) ?? undefined,
      message: message.trim() ? undefined : WHATSAPP_MSG.emptyMessage,
    };
    setErrors(found);
    if (found.phone || found.message) return;
    try {
      await send.mutateAsync({ phone, message });
      toast.success(WHATSAPP_MSG.queued);
      setMessage('');
    } catch (error) {
      setErrors({ send: sendError(error) });
    }
  }

  return (
    <section className="card adm-card" aria-labelledby="send-title">
      <h2 id="send-title">Enviar mensagem a um número</h2>
      <p className="adm-card__intro">
        Uma mensagem de verdade, por WhatsApp, ao número digitado. Para escrever a um confrade, use também a
        tela de Assinantes.
      </p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <NumberField label="Telefone" value={phone} onNumber={setPhone} error={errors.phone} />
        <TextAreaField
          label="Mensagem"
          className="adm-textarea"
          rows={4}
          maxLength={FIELD_LIMITS.messageText}
          value={message}
          error={errors.message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {errors.send && <Alert>{errors.send}</Alert>}
        <div>
          <Button type="submit" loading={send.isPending} loadingLabel="Enviando...">
            Enviar mensagem
          </Button>
        </div>
      </form>
    </section>
  );
}

function RenewalReminders() {
  return (
    <section className="card adm-card" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Lembretes de renovação</h2>
      <p className="adm-card__intro">
        Envia, por e-mail e WhatsApp, um link de renovação a cada confrade com 30 dias ou menos de assinatura.
        O envio automático (30 e 7 dias antes) se liga em <Link to="/admin/settings">Configurações</Link>.
      </p>
      <RenewalReminderList />
      <p className="adm-note">
        Acompanhe os envios em <Link to="/admin/outbox">Mensagens</Link>.
      </p>
    </section>
  );
}
