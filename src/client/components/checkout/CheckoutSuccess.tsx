import { Link } from '@tanstack/react-router';
import { formatDate, formatMoney } from '../../../shared/format';
import { paymentMethodLabel } from '../../../shared/plans';
import { whatsappHref } from '../../../shared/content/site';
import { usePublicSettings } from '../public/settings';
import { Alert } from '../ui/Alert';
import { buttonClass } from '../ui/Button';
import { CHECKOUT_TEXT } from './texts';
import type { CheckoutSuccessState } from './success-state';
import { SummaryLines } from './SummaryLines';

/** /checkout/success: the receipt of an in-page payment (docs/product/public-site-and-checkout.md §2, docs/product/decisions.md §4). */
export function CheckoutSuccess({ purchase }: { purchase: CheckoutSuccessState }) {
  // The route's loader has fetched the settings: the contacts are there on the first paint.
  const { whatsappNumber, contactEmail } = usePublicSettings();

  return (
    <section className="card co-result" aria-labelledby="sucesso-titulo">
      <div className="co-result__icon co-result__icon--success" aria-hidden="true">
        ✓
      </div>
      <h1 id="sucesso-titulo" className="co-title">
        Pagamento Confirmado!
      </h1>
      <p className="co-subtitle">
        Obrigado, {purchase.customerName}! Sua assinatura da confraria está confirmada.
      </p>
      {purchase.emailFailed && <Alert tone="info">{CHECKOUT_TEXT.emailFailedNote}</Alert>}
      <SummaryLines
        lines={[
          { label: 'Nome', value: purchase.customerName },
          { label: 'Email', value: purchase.customerEmail },
          { label: 'Forma de pagamento', value: paymentMethodLabel(purchase.paymentMethod) },
          { label: 'ID do pagamento', value: <code>{purchase.paymentId}</code> },
          { label: 'Válido até', value: formatDate(purchase.validUntil) },
          { label: 'Total pago', value: formatMoney(purchase.amount), total: true },
        ]}
      />
      <Alert tone="info">
        As informações do grupo VIP e os próximos passos seguem por e-mail para {purchase.customerEmail}.
      </Alert>
      <div className="co-actions co-actions--row">
        <Link to="/" className={buttonClass('primary')}>
          Voltar ao Início
        </Link>
        <a
          className={buttonClass('secondary')}
          href={whatsappHref(whatsappNumber, 'Olá! Acabei de assinar a confraria.')}
          target="_blank"
          rel="noopener noreferrer"
        >
          Falar no WhatsApp
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      </div>
      <p className="co-fineprint co-note">
        Precisa de ajuda? <Link to="/contato">Fale conosco</Link>, veja as{' '}
        <Link to="/faq">perguntas frequentes</Link>
        {contactEmail && (
          <>
            {' '}
            ou escreva para <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </>
        )}
        .
      </p>
    </section>
  );
}
