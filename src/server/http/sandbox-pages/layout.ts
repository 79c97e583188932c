/**
 * The frame every sandbox page shares (banner, styles, the copy script) and how a page is sent:
 * never cached, always HTML.
 */
import type { FastifyReply } from 'fastify';
import { CHECKOUT_MSG } from '../../../shared/checkout-schemas';
import { escapeHtml } from '../html';

export const SANDBOX_BANNER = 'Ambiente de testes — nenhum valor real é cobrado';

/** Every sandbox page says what it is in its title, once. */
export const SANDBOX_TITLE = 'Pagamento de teste';

/** The copy button's script: a file, because the CSP forbids inline scripts. */
export const PAGE_SCRIPT = `document.addEventListener('click', function (event) {
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

export function sendPage(reply: FastifyReply, status: number, title: string, content: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(page(title, content));
}
