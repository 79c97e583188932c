/** The provider's pages a customer opens: the order to pay, and its PIX. */
import type { FastifyReply } from 'fastify';
import { VERIFYING_LABEL } from '../../../shared/plans';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../html';
import type { SandboxPagesContext } from './context';
import { SANDBOX_TITLE, sendPage } from './layout';
import { detailsOf, followLink, payAction, payPage, pixPage, type SandboxOrder } from './pages';
import { scheduleAutoConfirm } from './webhook';

/** The order when it can still be paid; otherwise the page that says why (already sent). */
export function payableOrder(ctx: SandboxPagesContext, id: string, reply: FastifyReply): SandboxOrder | null {
  const order = ctx.payments.sandboxOrder(id);
  if (!order) {
    void sendPage(
      reply,
      404,
      'Não encontrado',
      '<h1>Pedido não encontrado</h1><p><a href="/checkout">Voltar ao checkout</a></p>',
    );
    return null;
  }
  // A link past its deadline is closed here (the provider's page) while the club still awaits the answer.
  const verifying = order.kind === 'link' && order.verifying;
  if (!verifying && (order.status === 'pending' || order.status === 'failed')) return order;
  const text =
    order.status === 'paid'
      ? 'Este pedido já foi pago.'
      : verifying
        ? `Este pedido não pode mais ser pago: o prazo terminou. Situação: ${VERIFYING_LABEL}.`
        : 'Este pedido não pode mais ser pago.';
  void sendPage(
    reply,
    200,
    SANDBOX_TITLE,
    `<h1>Pagamento de teste</h1>${detailsOf(order)}<p>${text}</p>${followLink(id, order)}`,
  );
  return null;
}

/** `GET /sandbox/pay/:id`: card, PIX or let it expire. */
export function showPayPage(ctx: SandboxPagesContext, id: string, reply: FastifyReply) {
  const order = payableOrder(ctx, id, reply);
  if (!order) return reply;
  return sendPage(reply, 200, SANDBOX_TITLE, payPage(id, order));
}

/** `GET /sandbox/pay/:id/pix`: the BR Code for the amount, which confirms itself if so configured. */
export async function showPixPage(ctx: SandboxPagesContext, id: string, reply: FastifyReply) {
  const order = payableOrder(ctx, id, reply);
  if (!order) return reply;
  let pix: Awaited<ReturnType<SandboxPagesContext['payments']['sandboxPix']>>;
  try {
    pix = await ctx.payments.sandboxPix(id);
  } catch (error) {
    // No BR Code without a valid PIX key in settings: said on the page, never a 500.
    if (!(error instanceof AppError)) throw error;
    const back = `<p><a href="${payAction(id)}">Voltar</a></p>`;
    return sendPage(reply, error.status, 'PIX', `<h1>PIX</h1><p>${escapeHtml(error.message)}</p>${back}`);
  }
  if (!pix) return sendPage(reply, 404, 'Não encontrado', '<h1>Pedido não encontrado</h1>');
  scheduleAutoConfirm(ctx, id);
  return sendPage(reply, 200, 'PIX', pixPage(id, order, pix, ctx.autoConfirmSeconds));
}
