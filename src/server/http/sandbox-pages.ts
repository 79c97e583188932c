/**
 * The sandbox provider's hosted page (DECISIONS §6), registered only while the sandbox is the
 * payment provider. `GET /sandbox/pay/:id` shows the order and three buttons (pay by test card, pay
 * by PIX, let it expire) as a plain HTML form, because our CSP forbids inline scripts. The same
 * outcome can be posted as JSON by scripts and tests. Either way the outcome travels as a signed
 * webhook through our own `/api/webhooks/sandbox` route, the path a real provider's webhook takes.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sandboxOutcomeInput } from '../../shared/checkout-schemas';
import { formatMoney } from '../../shared/format';
import { planLabel, type PaymentMethod } from '../../shared/plans';
import { AppError } from '../errors';
import type { Services } from '../services';
import { escapeHtml } from './html';

export const SANDBOX_BANNER = 'Ambiente de testes — nenhum valor real é cobrado';

const CHOICES = {
  card: { outcome: 'paid', method: 'credit_card' },
  pix: { outcome: 'paid', method: 'pix' },
  expire: { outcome: 'expired', method: 'credit_card' },
} as const;

const formInput = z.object({ choice: z.enum(['card', 'pix', 'expire'], { error: 'Opção inválida' }) });

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
  .primary { background: #801f2b; color: #fff; } .secondary { background: #1c1c1c; color: #fff; } .ghost { background: #eee; color: #1c1c1c; }
  p.note { color: #555; font-size: .9rem; } a { color: #801f2b; }
</style>
</head>
<body>
<div class="banner" role="alert">${SANDBOX_BANNER}</div>
<main><div class="card">${content}</div></main>
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

export async function registerSandboxPages(app: FastifyInstance, services: Services) {
  if (services.payments.provider.name !== 'sandbox') return;

  await app.register(async (scope) => {
    // Plain HTML forms post urlencoded bodies; only these routes accept them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    // The sandbox's stand-in for Pagar.me's `POST /tokens?appId=`: the checkout's browser code sends
    // the card here exactly as it sends it to Pagar.me, and our API then receives only the token.
    scope.post<{ Querystring: { appId?: string } }>('/sandbox/tokens', async (request, reply) => {
      const answer = services.payments.sandboxCardToken(request.query.appId, request.body);
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    });

    scope.get<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) => {
      const order = services.payments.sandboxOrder(request.params.id);
      if (!order) {
        return sendPage(
          reply,
          404,
          'Não encontrado',
          '<h1>Pedido não encontrado</h1><p><a href="/checkout">Voltar ao checkout</a></p>',
        );
      }
      const details = `<dl>
  <dt>Cliente</dt><dd>${escapeHtml(order.name)}</dd>
  <dt>Plano</dt><dd>${escapeHtml(planLabel(order.planType))}</dd>
  <dt>Valor</dt><dd>${escapeHtml(formatMoney(order.amount))}</dd>
</dl>`;
      const payable = order.status === 'pending' || order.status === 'failed';
      if (!payable) {
        const text =
          order.status === 'paid' ? 'Este pedido já foi pago.' : 'Este pedido não pode mais ser pago.';
        const back =
          order.kind === 'link'
            ? `<p><a href="${trackingUrl(request.params.id)}">Acompanhar o pagamento</a></p>`
            : '';
        return sendPage(
          reply,
          200,
          'Pagamento de teste',
          `<h1>Pagamento de teste</h1>${details}<p>${text}</p>${back}`,
        );
      }
      const action = `/sandbox/pay/${encodeURIComponent(request.params.id)}`;
      return sendPage(
        reply,
        200,
        'Pagamento de teste',
        `<h1>Pagamento de teste</h1>${details}
<form method="post" action="${action}">
  <button class="primary" type="submit" name="choice" value="card">Pagar com cartão de teste</button>
  <button class="secondary" type="submit" name="choice" value="pix">Pagar com PIX</button>
  <button class="ghost" type="submit" name="choice" value="expire">Deixar expirar</button>
</form>
<p class="note">Esta página simula o provedor de pagamento. Cartões de teste: 4111 1111 1111 1111 (aprovado) e 4000 0000 0000 0002 (recusado).</p>`,
      );
    });

    scope.post<{ Params: { id: string } }>('/sandbox/pay/:id', async (request, reply) => {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const id = request.params.id;
      let outcome: 'paid' | 'failed' | 'expired';
      let method: PaymentMethod;
      if (isForm) {
        const parsed = formInput.safeParse(request.body ?? {});
        if (!parsed.success) return sendPage(reply, 400, 'Erro', '<h1>Opção inválida</h1>');
        ({ outcome, method } = CHOICES[parsed.data.choice]);
      } else {
        ({ outcome, method } = sandboxOutcomeInput.parse(request.body ?? {}));
      }

      let webhook;
      try {
        webhook = services.payments.sandboxWebhook(id, outcome, method);
      } catch (error) {
        if (!isForm || !(error instanceof AppError)) throw error;
        return sendPage(
          reply,
          error.status,
          'Erro',
          `<h1>${escapeHtml(error.message)}</h1><p><a href="${trackingUrl(id)}">Acompanhar o pagamento</a></p>`,
        );
      }
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: webhook.headers,
        payload: webhook.rawBody,
      });
      if (delivered.statusCode >= 300) {
        request.log.error({ status: delivered.statusCode }, 'sandbox webhook was not accepted');
        if (isForm)
          return sendPage(reply, 502, 'Erro', '<h1>Não foi possível registrar o pagamento de teste</h1>');
        return reply
          .code(502)
          .header('cache-control', 'no-store')
          .send({ error: 'Não foi possível registrar o pagamento de teste' });
      }
      if (isForm) {
        if (webhook.linkId) return reply.redirect(trackingUrl(webhook.linkId), 303);
        return sendPage(
          reply,
          200,
          'Pagamento de teste',
          '<h1>Pagamento de teste registrado</h1><p>Volte à página do checkout: ela se atualiza sozinha.</p>',
        );
      }
      return reply.header('cache-control', 'no-store').send({ success: true, outcome, method });
    });
  });
}
