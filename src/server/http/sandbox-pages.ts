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
 *
 * The frame and the pages' content are in `sandbox-pages/layout.ts` and `pages.ts`, the webhook and
 * the PIX timers in `webhook.ts`, the handlers in `show.ts` and `submit.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { createSandboxPagesContext, type SandboxPagesContext } from './sandbox-pages/context';
import { PAGE_SCRIPT } from './sandbox-pages/layout';
import { showPayPage, showPixPage } from './sandbox-pages/show';
import { isFormPost, submitForm, submitJson } from './sandbox-pages/submit';
import { cancelAutoConfirms } from './sandbox-pages/webhook';

export { SANDBOX_BANNER } from './sandbox-pages/layout';
export { SANDBOX_PAGE_TEXT } from './sandbox-pages/pages';

type ById = { Params: { id: string } };

async function registerRoutes(scope: FastifyInstance, ctx: SandboxPagesContext) {
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
    const answer = ctx.payments.sandboxCardToken(request.query.appId, request.body);
    return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  });

  scope.get<ById>('/sandbox/pay/:id', async (request, reply) => showPayPage(ctx, request.params.id, reply));
  scope.get<ById>('/sandbox/pay/:id/pix', async (request, reply) =>
    showPixPage(ctx, request.params.id, reply),
  );
  scope.post<ById>('/sandbox/pay/:id', async (request, reply) =>
    isFormPost(request.headers['content-type'])
      ? submitForm(ctx, request.params.id, request.body, reply)
      : submitJson(ctx, request.params.id, request.body, reply),
  );
}

export async function registerSandboxPages(app: FastifyInstance, services: Services) {
  if (services.payments.provider.name !== 'sandbox') return;
  const ctx = createSandboxPagesContext(app, services);
  app.addHook('onClose', async () => cancelAutoConfirms(ctx));
  await app.register(async (scope) => registerRoutes(scope, ctx));
}
