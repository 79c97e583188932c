/**
 * The contact form (spec 01 §2, §4, §5): editing → sending → sent (can reset). Every field is
 * required by the browser and again by the server. The message goes to POST /api/emails/contact;
 * success is judged by the status alone, and any failure shows the spec's alert text.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { ContactInput } from '../../../shared/contact';
import { CONTACT_LIMITS, CONTACT_MSG } from '../../../shared/contact-texts';
import { whatsappHref } from '../../../shared/content/site';
import { apiPost } from '../../lib/api';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

type Phase = 'editing' | 'sending' | 'sent';
const EMPTY = { name: '', email: '', subject: '', message: '' };

export function ContactForm({ recipient, whatsappNumber }: { recipient: string; whatsappNumber: string }) {
  const [form, setForm] = useState(EMPTY);
  const [phase, setPhase] = useState<Phase>('editing');
  const [failed, setFailed] = useState(false);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const firstField = useRef<HTMLInputElement>(null);

  const update = (field: keyof typeof EMPTY) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(false);
    setPhase('sending');
    try {
      // `to` is part of the documented payload; the server ignores it and writes to the club's address.
      await apiPost('/api/emails/contact', { ...form, to: recipient } satisfies ContactInput);
      setPhase('sent');
      setForm(EMPTY);
      requestAnimationFrame(() => sentHeading.current?.focus());
    } catch {
      setFailed(true);
      setPhase('editing');
    }
  }

  function sendAnother() {
    setPhase('editing');
    requestAnimationFrame(() => firstField.current?.focus());
  }

  if (phase === 'sent') {
    return (
      <div className="contact__sent" role="status">
        <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="#ecfdf3" stroke="#067647" strokeWidth="2" />
          <path d="M15 24.5l6 6 12-13" fill="none" stroke="#067647" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h2 id="form-title" ref={sentHeading} tabIndex={-1}>
          {CONTACT_MSG.sent}
        </h2>
        <p>Obrigado pelo contato! Responderemos em até 24 horas no e-mail informado.</p>
        <Button variant="secondary" onClick={sendAnother}>
          Enviar nova mensagem
        </Button>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <h2 id="form-title">Envie uma mensagem</h2>
      {failed && (
        <div className="contact__error">
          <div className="alert alert--error" role="alert">
            {CONTACT_MSG.sendFailed}
          </div>
          <a href={whatsappHref(whatsappNumber)} target="_blank" rel="noopener noreferrer">
            Abrir conversa no WhatsApp
          </a>
        </div>
      )}
      <TextField
        ref={firstField}
        label="Nome"
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        value={form.name}
        onChange={(event) => update('name')(event.target.value)}
      />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        value={form.email}
        onChange={(event) => update('email')(event.target.value)}
      />
      <TextField
        label="Assunto"
        name="subject"
        required
        maxLength={CONTACT_LIMITS.subject}
        value={form.subject}
        onChange={(event) => update('subject')(event.target.value)}
      />
      <div className="field">
        <label className="field__label" htmlFor="contact-message">
          Mensagem
        </label>
        <textarea
          id="contact-message"
          name="message"
          className="field__input"
          rows={5}
          required
          maxLength={CONTACT_LIMITS.message}
          value={form.message}
          onChange={(event) => update('message')(event.target.value)}
        />
      </div>
      <Button type="submit" loading={phase === 'sending'} loadingLabel="Enviando...">
        Enviar mensagem
      </Button>
    </form>
  );
}
