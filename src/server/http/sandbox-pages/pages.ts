/** The content of the sandbox's pages: the provider's pay page, its PIX page and their pieces. */
import { formatMoney } from '../../../shared/format';
import { planLabel } from '../../../shared/plans';
import type { Services } from '../../services';
import { escapeHtml } from '../html';

export const SANDBOX_PAGE_TEXT = {
  simulatePix: 'Simular pagamento recebido',
  payCard: 'Pagar com cartão',
  payPix: 'Pagar com PIX',
  expire: 'Deixar expirar',
  copy: 'Copiar código PIX',
} as const;

export type SandboxOrder = NonNullable<ReturnType<Services['payments']['sandboxOrder']>>;

export const trackingUrl = (linkId: string) =>
  `/checkout/payment-link-success?payment_link_id=${encodeURIComponent(linkId)}`;

export const payAction = (id: string) => `/sandbox/pay/${encodeURIComponent(id)}`;

export function detailsOf(order: SandboxOrder): string {
  return `<dl>
  <dt>Cliente</dt><dd>${escapeHtml(order.name)}</dd>
  <dt>Plano</dt><dd>${escapeHtml(planLabel(order.planType))}</dd>
  <dt>Valor</dt><dd>${escapeHtml(formatMoney(order.amount))}</dd>
</dl>`;
}

/** A link to the payment link's tracking page; nothing for an order of the checkout. */
export const followLink = (id: string, order: SandboxOrder) =>
  order.kind === 'link' ? `<p><a href="${trackingUrl(id)}">Acompanhar o pagamento</a></p>` : '';

function alertOf(messages: string[]): string {
  if (messages.length === 0) return '';
  if (messages.length === 1) return `<div class="alert" role="alert">${escapeHtml(messages[0] ?? '')}</div>`;
  return `<div class="alert" role="alert"><ul>${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul></div>`;
}

const expireForm = (action: string) => `<form method="post" action="${action}">
  <button class="ghost" type="submit" name="choice" value="expire">${SANDBOX_PAGE_TEXT.expire}</button>
</form>`;

/** The provider's page: a card form (the card goes nowhere but the sandbox), PIX, or let it expire. */
export function payPage(
  id: string,
  order: SandboxOrder,
  errors: string[] = [],
  typed: Record<string, string> = {},
) {
  const action = payAction(id);
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

export function pixPage(
  id: string,
  order: SandboxOrder,
  pix: { qrCodeText: string; qrImage: string },
  autoConfirmSeconds: number,
) {
  const action = payAction(id);
  const auto =
    autoConfirmSeconds > 0
      ? `<p class="note" role="status">Neste ambiente de testes, o pagamento será confirmado automaticamente em ${autoConfirmSeconds} segundos.</p>`
      : '';
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
${followLink(id, order)}
<p class="note">O código é um BR Code válido para o valor do pedido. Nenhum banco o liquida: o botão acima faz o papel do banco do pagador.</p>`;
}
