/**
 * The contact form (docs/product/public-site-and-checkout.md §2, §4, §5): editing → sending → sent (can reset). The fields are
 * checked in the browser with the schema the server parses them with (`contactInput`), each
 * message at its field, focus on the first; the message goes through tRPC (`contact.send`, the
 * operation of POST /api/emails/contact); success
 * is judged by the status alone, and any failure shows the spec's alert text.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ContactInput, ContactMessageInput } from '../../../shared/contact';
import { CONTACT_LIMITS, CONTACT_MSG } from '../../../shared/contact-texts';
import { whatsappHref } from '../../../shared/content/site';
import { failureStatus } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useDataLayer } from '../../lib/data-layer';
import { MSG } from '../../../shared/messages';
import { Button } from '../ui/Button';
import { TextAreaField, TextField } from '../ui/TextField';
import { fieldOf } from '../ui/field-of';

type Phase = 'editing' | 'sending' | 'sent';
const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The form's zod schema arrives with the first focus or submit, not with the page. */
const resolver = lazyResolver(() => import('./contact-resolver').then((module) => module.contactResolver));

export function ContactForm({ recipient, whatsappNumber }: { recipient: string; whatsappNumber: string }) {
  const dataLayer = useDataLayer();
  const [phase, setPhase] = useState<Phase>('editing');
  /** The alert after a failed send: the spec's text, or the limit's when the server says so. */
  const [failed, setFailed] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactMessageInput>({
    resolver,
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (form) => {
    setFailed(null);
    setPhase('sending');
    try {
      // `to` is part of the documented payload; the server ignores it and writes to the club's address.
      // The page opens without the data layer (ADR 055): the send loads it, if the focus has not.
      const { trpcClient } = await dataLayer.load();
      await trpcClient.contact.send.mutate({ ...form, to: recipient } satisfies ContactInput);
      setPhase('sent');
      reset(EMPTY);
    } catch (error) {
      // Too many messages in a minute is not a failure to retry at once: say so, and when.
      setFailed(failureStatus(error) === 429 ? MSG.tooManyRequests : CONTACT_MSG.sendFailed);
      setPhase('editing');
    }
  });

  // The result takes the focus (and the scroll), so a phone user sees it.
  useEffect(() => {
    if (phase === 'sent') sentHeading.current?.focus();
  }, [phase]);

  function sendAnother() {
    setPhase('editing');
    requestAnimationFrame(() => setFocus('name'));
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
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      // The checks and the data layer arrive while the message is typed, not with the page.
      onFocus={() => {
        resolver.preload();
        dataLayer.load().catch(() => undefined);
      }}
      noValidate
    >
      <h2 id="form-title">Envie uma mensagem</h2>
      {failed && (
        <div className="contact__error">
          <div className="alert alert--error" role="alert">
            {failed}
          </div>
          <a href={whatsappHref(whatsappNumber)} target="_blank" rel="noopener noreferrer">
            Abrir conversa no WhatsApp
          </a>
        </div>
      )}
      <TextField
        label="Nome"
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        {...fieldOf(register, errors, 'name')}
      />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        {...fieldOf(register, errors, 'email')}
      />
      <TextField
        label="Assunto"
        required
        maxLength={CONTACT_LIMITS.subject}
        {...fieldOf(register, errors, 'subject')}
      />
      <TextAreaField
        label="Mensagem"
        rows={5}
        required
        maxLength={CONTACT_LIMITS.message}
        {...fieldOf(register, errors, 'message')}
      />
      <Button type="submit" loading={phase === 'sending'} loadingLabel="Enviando...">
        Enviar mensagem
      </Button>
    </form>
  );
}
