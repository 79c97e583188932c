/**
 * `POST /sandbox/pay/:id`: what the customer chose on the provider's page (a card, PIX paid, let
 * it expire) or, as JSON, what a script or test says happened. Every outcome travels as a webhook.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { cardDataInput, parseCardExpiry, sandboxOutcomeInput } from '../../../shared/checkout-schemas';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../html';
import type { SandboxPagesContext } from './context';
import { SANDBOX_TITLE, sendPage } from './layout';
import { payPage, trackingUrl, type SandboxOrder } from './pages';
import { payableOrder } from './show';
import { deliver } from './webhook';

/** Buttons of the sandbox's page: what each one tells the provider happened. */
const CHOICES = {
  pix: { outcome: 'paid', method: 'pix' },
  expire: { outcome: 'expired', method: 'credit_card' },
} as const;

const formInput = z.object({ choice: z.enum(['card', 'pix', 'expire'], { error: 'Opção inválida' }) });

/** The card typed on the sandbox's page, with the checkout's own rules and messages. */
const cardFormInput = z.object({
  cardNumber: cardDataInput.shape.cardNumber,
  cardHolderName: cardDataInput.shape.cardHolderName,
  expiryDate: cardDataInput.shape.expiryDate,
  cvv: cardDataInput.shape.cvv,
});

type FormBody = Record<string, string>;
type Delivery = Awaited<ReturnType<typeof deliver>>;
/** A choice on the form: a card the form refused, or an outcome sent (with a refused card's reason). */
type Attempt =
  { kind: 'invalid'; messages: string[] } | { kind: 'delivered'; result: Delivery; declined: string | null };

export function isFormPost(contentType: string | undefined): boolean {
  return (contentType ?? '').startsWith('application/x-www-form-urlencoded');
}

/**
 * Scripts and tests: `{ outcome, method }` as JSON, through the same webhook. Tests and
 * development only: `again: true` charges something already paid a second time (ADR 030).
 */
export async function submitJson(ctx: SandboxPagesContext, id: string, body: unknown, reply: FastifyReply) {
  const { outcome, method } = sandboxOutcomeInput.parse(body ?? {});
  const again = (body as { again?: unknown } | undefined)?.again === true;
  const result = await deliver(ctx, id, outcome, method, { again });
  if (!result.ok) {
    return reply
      .code(502)
      .header('cache-control', 'no-store')
      .send({ error: 'Não foi possível registrar o pagamento de teste' });
  }
  return reply.header('cache-control', 'no-store').send({ success: true, outcome, method });
}

/** The card typed on the page, decided as the provider would; approved or refused, a webhook says so. */
async function payWithCard(ctx: SandboxPagesContext, id: string, body: FormBody): Promise<Attempt> {
  const card = cardFormInput.safeParse(body);
  if (!card.success) {
    return { kind: 'invalid', messages: [...new Set(card.error.issues.map((issue) => issue.message))] };
  }
  const expiry = parseCardExpiry(card.data.expiryDate);
  const typedCard = {
    number: card.data.cardNumber,
    expMonth: expiry?.month ?? 0,
    expYear: expiry?.year ?? 0,
  };
  const decision = ctx.payments.sandboxDecideCard(typedCard);
  const declined = decision.outcome === 'failed' ? decision.reason : null;
  const result = await deliver(ctx, id, decision.outcome, 'credit_card', {
    card: decision.card,
    typedCard,
    failureReason: decision.reason,
  });
  return { kind: 'delivered', result, declined };
}

async function act(
  ctx: SandboxPagesContext,
  id: string,
  choice: z.infer<typeof formInput>['choice'],
  body: FormBody,
): Promise<Attempt> {
  if (choice === 'card') return payWithCard(ctx, id, body);
  const { outcome, method } = CHOICES[choice];
  return { kind: 'delivered', result: await deliver(ctx, id, outcome, method), declined: null };
}

/** The page after the choice: the form again (invalid or refused card), the tracking page, or done. */
function answer(reply: FastifyReply, id: string, order: SandboxOrder, body: FormBody, attempt: Attempt) {
  if (attempt.kind === 'invalid') {
    return sendPage(reply, 400, SANDBOX_TITLE, payPage(id, order, attempt.messages, body));
  }
  if (!attempt.result.ok) {
    return sendPage(reply, 502, 'Erro', '<h1>Não foi possível registrar o pagamento de teste</h1>');
  }
  // A refused card stays on the provider's page with its reason, ready for another try.
  if (attempt.declined) {
    const kept = { cardHolderName: body.cardHolderName ?? '', expiryDate: body.expiryDate ?? '' };
    return sendPage(reply, 200, SANDBOX_TITLE, payPage(id, order, [attempt.declined], kept));
  }
  if (attempt.result.linkId) return reply.redirect(trackingUrl(attempt.result.linkId), 303);
  return sendPage(
    reply,
    200,
    SANDBOX_TITLE,
    '<h1>Pagamento de teste registrado</h1><p>Volte à página do checkout: ela se atualiza sozinha.</p>',
  );
}

/** A button or the card form of the provider's page. */
export async function submitForm(
  ctx: SandboxPagesContext,
  id: string,
  rawBody: unknown,
  reply: FastifyReply,
) {
  const body = (rawBody ?? {}) as FormBody;
  const parsed = formInput.safeParse(body);
  if (!parsed.success) return sendPage(reply, 400, 'Erro', '<h1>Opção inválida</h1>');
  const order = payableOrder(ctx, id, reply);
  if (!order) return reply;
  let attempt: Attempt;
  try {
    attempt = await act(ctx, id, parsed.data.choice, body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return sendPage(
      reply,
      error.status,
      'Erro',
      `<h1>${escapeHtml(error.message)}</h1><p><a href="${trackingUrl(id)}">Acompanhar o pagamento</a></p>`,
    );
  }
  return answer(reply, id, order, body, attempt);
}
