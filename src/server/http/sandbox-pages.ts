/**
 * The sandbox provider's hosted page (docs/product/decisions.md §6), registered only while the sandbox is the
 * payment provider. It plays the provider faithfully: `GET /sandbox/pay/:id` takes a typed card
 * (4111 1111 1111 1111 approves, 4000 0000 0000 0002 is declined with the provider's reason, an
 * expired date is refused) or shows a PIX (`/sandbox/pay/:id/pix`: a real BR Code for the amount,
 * its QR image and a copy button) that "Simular pagamento recebido" (or SANDBOX_PIX_CONFIRM_SECONDS)
 * confirms; "Deixar expirar" expires it. Plain HTML forms, since our CSP forbids inline scripts (the
 * copy button's script is a file). Scripts and tests may post `{ outcome, method }` as JSON. Every
 * outcome travels as a signed webhook through our own `/api/webhooks/sandbox` route, the path a real
 * provider's webhook takes. `POST /sandbox/tokens` stands in for Pagar.me's card tokens endpoint.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  cardDataInput,
  CHECKOUT_MSG,
  parseCardExpiry,
  sandboxOutcomeInput,
} from '../../shared/checkout-schemas';
import { formatMoney } from '../../shared/format';
import { planLabel, type PaymentMethod } from '../../shared/plans';
import { AppError } from '../errors';
import type { Services } from '../services';
import { escapeHtml } from './html';

export const SANDBOX_BANNER = 'Ambiente de testes — nenhum valor real é cobrado';

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

export const SANDBOX_PAGE_TEXT = {
  simulatePix: 'Simular pagamento recebido',
  payCard: 'Pagar com cartão',
  payPix: 'Pagar com PIX',
  expire: 'Deixar expirar',
  copy: 'Copiar código PIX',
} as const;

/** The copy button's script: a file, because the CSP forbids inline scripts. */
const PAGE_SCRIPT = `document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('[data-copy]');
  if (!button) return;
  var field = document.getElementById(button.getAttribute('data-copy'));
  var status = document.getElementById('copy-status');
  function done(ok) { status.textContent = ok ? ${JSON.stringify(CHECKOUT_MSG.pixCopied)} : 'Não foi possível copiar. Selecione o código e copie manualmente.'; }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(field.value).then(function () { done(true); }, function () { field.select(); done(document.execCommand('copy')); });
  } else { field.select(); done(document.execCommand('copy')); }
});
`;

/** Every sandbox page says what it is in its title, once. */
const SANDBOX_TITLE = 'Pagamento de teste';

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title === SANDBOX_TITLE ? title : `${title} · ${SANDBOX_TITLE}`)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f1ea; color: #1c1c1c; }
  .banner { background: #bda16b; color: #1c1c1c; text-align: center; padding: 12px 16px; font-weight: 700; }
  main { max-width: 440px; margin: 24px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { color: #801f2b; font-size: 1.4rem; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #555; } dd { margin: 0; font-weight: 600; text-align: right; }
  button { display: block; width: 100%; padding: 14px; margin: 0 0 12px; border-radius: 8px; border: 0; font-size: 1rem; font-weight: 600; cursor: pointer; }
  h2 { font-size: 1.1rem; margin: 24px 0 12px; }
  label { display: block; font-weight: 600; margin: 0 0 4px; }
  input, textarea { box-sizing: border-box; width: 100%; padding: 10px; margin: 0 0 12px; border: 1px solid #888; border-radius: 8px; font-size: 1rem; font-family: inherit; }
  textarea { min-height: 96px; font-family: ui-monospace, monospace; font-size: .8rem; word-break: break-all; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .alert { background: #fbe9eb; color: #801f2b; border-radius: 8px; padding: 12px; margin: 0 0 16px; }
  .alert ul { margin: 0; padding-left: 20px; }
  img.qr { display: block; width: 240px; max-width: 100%; height: auto; margin: 0 auto 16px; }
  .primary { background: #801f2b; color: #fff; } .secondary { background: #1c1c1c; color: #fff; } .ghost { background: #eee; color: #1c1c1c; }
  p.note { color: #555; font-size: .9rem; } a { color: #801f2b; }
</style>
</head>
<body>
<div class="banner" role="note">${SANDBOX_BANNER}</div>
<main><div class="card">${content}</div></main>
<script src="/sandbox/assets/pay.js" defer></script>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, content: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(page(title, content));
}

const trackingUrl = (linkId: string) =>
  `/checkout/payment-link-success?payment_link_id=${encodeURIComponent(linkId)}`;

type SandboxOrder = NonNullable<ReturnType<Services['payments']['sandboxOrder']>>;

function detailsOf(order: SandboxOrder): string {
  return `<dl>
  <dt>Cliente</dt><dd>${escapeHtml(order.name)}</dd>
  <dt>Plano</dt><dd>${escapeHtml(planLabel(order.planType))}</dd>
  <dt>Valor</dt><dd>${escapeHtml(formatMoney(order.amount))}</dd>
</dl>`;
}

function alertOf(messages: string[]): string {
  if (messages.length === 0) return '';
  if (messages.length === 1) return `<div class="alert" role="alert">${escapeHtml(messages[0] ?? '')}</div>`;
  return `<div class="alert" role="alert"><ul>${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul></div>`;
}

const expireForm = (action: string) => `<form method="post" action="${action}">
  <button class="ghost" type="submit" name="choice" value="expire">${SANDBOX_PAGE_TEXT.expire}</button>
</form>`;

/** The provider's page: a card form (the card goes nowhere but the sandbox), PIX, or let it expire. */
function payPage(id: string, order: SandboxOrder, errors: string[] = [], typed: Record<string, string> = {}) {
  const action = `/sandbox/pay/${encodeURIComponent(id)}`;
  const value = (name: string) => escapeHtml(typed[name] ?? '');
  return `<h1>Pagamento de teste</h1>${detailsOf(order)}${alertOf(errors)}
<h2>Cartão de crédito</h2>
<form method="post" action="${action}" novalidate>
  <label for="cardNumber">Número do cartão</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" value="${value('cardNumber')}" required>
  <label for="cardHolderName">Nome no cartão</label>
  <input id="cardHolderName" name="cardHolderName" autocomplete="cc-name" value="${value('cardHolderName')}" required>
  <div class="row">
    <div><label for="expiryDate">Validade (MM/AA)</label>
    <input id="expiryDate" name="expiryDate" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" value="${value('expiryDate')}" required></div>
    <div><label for="cvv">CVV</label>
    <input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
  </div>
  <button class="primary" type="submit" name="choice" value="card">${SANDBOX_PAGE_TEXT.payCard}</button>
</form>
<h2>PIX</h2>
<form method="get" action="${action}/pix">
  <button class="secondary" type="submit">${SANDBOX_PAGE_TEXT.payPix}</button>
</form>
${expireForm(action)}
<p class="note">Esta página simula o provedor de pagamento. Cartões de teste: 4111 1111 1111 1111 (aprovado) e 4000 0000 0000 0002 (recusado); uma validade vencida é recusada.</p>`;
}

function pixPage(
  id: string,
  order: SandboxOrder,
  pix: { qrCodeText: string; qrImage: string },
  autoConfirmSeconds: number,
) {
  const action = `/sandbox/pay/${encodeURIComponent(id)}`;
  const auto =
    autoConfirmSeconds > 0
      ? `<p class="note" role="status">Neste ambiente de testes, o pagamento será confirmado automaticamente em ${autoConfirmSeconds} segundos.</p>`
      : '';
  const follow =
    order.kind === 'link' ? `<p><a href="${trackingUrl(id)}">Acompanhar o pagamento</a></p>` : '';
  return `<h1>Pagamento de teste</h1>${detailsOf(order)}
<h2>Pague com PIX</h2>
<img class="qr" src="${pix.qrImage}" alt="QR Code PIX para pagamento">
<label for="pix-code">PIX copia e cola</label>
<textarea id="pix-code" readonly>${escapeHtml(pix.qrCodeText)}</textarea>
<button class="secondary" type="button" data-copy="pix-code">${SANDBOX_PAGE_TEXT.copy}</button>
<p id="copy-status" role="status" aria-live="polite"></p>
${auto}
<form method="post" action="${action}">
  <button class="primary" type="submit" name="choice" value="pix">${SANDBOX_PAGE_TEXT.simulatePix}</button>
</form>
${expireForm(action)}
${follow}
<p class="note">O código é um BR Code válido para o valor do pedido. Nenhum banco o liquida: o botão acima faz o papel do banco do pagador.</p>`;
}

export async function registerSandboxPages(app: FastifyInstance, services: Services) {
  if (services.payments.provider.name !== 'sandbox') return;
  const autoConfirmSeconds = services.env.SANDBOX_PIX_CONFIRM_SECONDS;

  /**
   * What the provider does once the customer acted: its webhook reaches our own webhook route, the
   * path a real provider's takes. False when our route did not accept it.
   */
  async function deliver(
    id: string,
    outcome: 'paid' | 'failed' | 'expired',
    method: PaymentMethod,
    details: Parameters<Services['payments']['sandboxWebhook']>[3] = {},
  ) {
    const webhook = services.payments.sandboxWebhook(id, outcome, method, details);
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: webhook.headers,
      payload: webhook.rawBody,
    });
    if (delivered.statusCode >= 300) {
      app.log.error({ status: delivered.statusCode }, 'sandbox webhook was not accepted');
      return { ok: false as const, linkId: webhook.linkId };
    }
    return { ok: true as const, linkId: webhook.linkId };
  }

  /** PIX codes that confirm themselves after SANDBOX_PIX_CONFIRM_SECONDS (one timer per order). */
  const autoConfirm = new Map<string, NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of autoConfirm.values()) clearTimeout(timer);
    autoConfirm.clear();
  });
  function scheduleAutoConfirm(id: string) {
    if (autoConfirmSeconds <= 0 || autoConfirm.has(id)) return;
    const timer = setTimeout(() => {
      autoConfirm.delete(id);
      deliver(id, 'paid', 'pix').catch((error: unknown) => {
        // Already paid or expired meanwhile: nothing to confirm.
        app.log.info({ id, err: (error as Error).message }, 'sandbox automatic PIX confirmation skipped');
      });
    }, autoConfirmSeconds * 1000);
    timer.unref();
    autoConfirm.set(id, timer);
  }

  await app.register(async (scope) => {
    // Plain HTML forms post urlencoded bodies; only these routes accept them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get('/sandbox/assets/pay.js', async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(PAGE_SCRIPT),
    );

    // The sandbox's stand-in for Pagar.me's `POST /tokens?appId=`: the checkout's browser code sends
    // the card here exactly as it sends it to Pagar.me, and our API then receives only the token.
    scope.post<{ Querystring: { appId?: string } }>('/sandbox/tokens', async (request, reply) => {
      const answer = services.payments.sandboxCardToken(request.query.appId, request.body);
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    });

    /** The order when it can still be paid; otherwise the page that says why (already sent). */
    function payableOrder(id: string, reply: FastifyReply): SandboxOrder | null {
      const order = services.payments.sandboxOrder(id);
      if (!order) {
        void sendPage(
          reply,
          404,
          'Não encontrado',
          '<h1>Pedido não encontrado</h1><p><a href="/checkout">Voltar ao checkout</a></p>',
        );
        return null;
      }
      if (order.status === 'pending' || order.status === 'failed') return order;
      const text =
        order.status === 'paid' ? 'Este pedido já foi pago.' : 'Este pedido não pode mais ser pago.';
      const back =
        order.kind === 'link' ? `<p><a href="${trackingUrl(id)}">Acompanhar o pagamento</a></p>` : '';
      void sendPage(
        reply,
        200,
        SANDBOX_TITLE,
        `<h1>Pagamento de teste</h1>${detailsOf(order)}<p>${text}</p>${back}`,
      );
      return null;
    }

    scope.get<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) => {
      const order = payableOrder(request.params.id, reply);
      if (!order) return reply;
      return sendPage(reply, 200, SANDBOX_TITLE, payPage(request.params.id, order));
    });

    scope.get<{ Params: { id: string } }>('/sandbox/pay/:id/pix', async (request, reply) => {
      const id = request.params.id;
      const order = payableOrder(id, reply);
      if (!order) return reply;
      let pix: Awaited<ReturnType<typeof services.payments.sandboxPix>>;
      try {
        pix = await services.payments.sandboxPix(id);
      } catch (error) {
        // No BR Code without a valid PIX key in settings: said on the page, never a 500.
        if (!(error instanceof AppError)) throw error;
        const back = `<p><a href="/sandbox/pay/${encodeURIComponent(id)}">Voltar</a></p>`;
        return sendPage(reply, error.status, 'PIX', `<h1>PIX</h1><p>${escapeHtml(error.message)}</p>${back}`);
      }
      if (!pix) return sendPage(reply, 404, 'Não encontrado', '<h1>Pedido não encontrado</h1>');
      scheduleAutoConfirm(id);
      return sendPage(reply, 200, 'PIX', pixPage(id, order, pix, autoConfirmSeconds));
    });

    scope.post<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) => {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const id = request.params.id;
      if (!isForm) {
        // Scripts and tests: `{ outcome, method }` as JSON, through the same webhook. Tests and
        // development only: `again: true` charges something already paid a second time (issue 22).
        const { outcome, method } = sandboxOutcomeInput.parse(request.body ?? {});
        const again = (request.body as { again?: unknown } | undefined)?.again === true;
        const result = await deliver(id, outcome, method, { again });
        if (!result.ok) {
          return reply
            .code(502)
            .header('cache-control', 'no-store')
            .send({ error: 'Não foi possível registrar o pagamento de teste' });
        }
        return reply.header('cache-control', 'no-store').send({ success: true, outcome, method });
      }

      const body = (request.body ?? {}) as Record<string, string>;
      const parsed = formInput.safeParse(body);
      if (!parsed.success) return sendPage(reply, 400, 'Erro', '<h1>Opção inválida</h1>');
      const order = payableOrder(id, reply);
      if (!order) return reply;

      let result;
      let declined: string | null = null;
      try {
        if (parsed.data.choice === 'card') {
          const card = cardFormInput.safeParse(body);
          if (!card.success) {
            const messages = [...new Set(card.error.issues.map((issue) => issue.message))];
            return sendPage(reply, 400, SANDBOX_TITLE, payPage(id, order, messages, body));
          }
          const expiry = parseCardExpiry(card.data.expiryDate);
          const decision = services.payments.sandboxDecideCard({
            number: card.data.cardNumber,
            expMonth: expiry?.month ?? 0,
            expYear: expiry?.year ?? 0,
          });
          declined = decision.outcome === 'failed' ? decision.reason : null;
          // Approved or refused, the outcome reaches us the way the provider's webhook would.
          result = await deliver(id, decision.outcome, 'credit_card', {
            card: decision.card,
            failureReason: decision.reason,
          });
        } else {
          const { outcome, method } = CHOICES[parsed.data.choice];
          result = await deliver(id, outcome, method);
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return sendPage(
          reply,
          error.status,
          'Erro',
          `<h1>${escapeHtml(error.message)}</h1><p><a href="${trackingUrl(id)}">Acompanhar o pagamento</a></p>`,
        );
      }
      if (!result.ok) {
        return sendPage(reply, 502, 'Erro', '<h1>Não foi possível registrar o pagamento de teste</h1>');
      }
      // A refused card stays on the provider's page with its reason, ready for another try.
      if (declined) {
        const kept = { cardHolderName: body.cardHolderName ?? '', expiryDate: body.expiryDate ?? '' };
        return sendPage(reply, 200, SANDBOX_TITLE, payPage(id, order, [declined], kept));
      }
      if (result.linkId) return reply.redirect(trackingUrl(result.linkId), 303);
      return sendPage(
        reply,
        200,
        SANDBOX_TITLE,
        '<h1>Pagamento de teste registrado</h1><p>Volte à página do checkout: ela se atualiza sozinha.</p>',
      );
    });
  });
}
