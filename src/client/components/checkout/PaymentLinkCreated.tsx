import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { formatMoney } from '../../../shared/format';
import { Button, buttonClass } from '../ui/Button';
import { SummaryLines } from './SummaryLines';

/** The "link created" state of /checkout (docs/product/public-site-and-checkout.md §2): summary, the three buttons, next steps. */
export function PaymentLinkCreated({
  link,
  priceCents,
  onReset,
}: {
  link: { id: string; url: string };
  priceCents: number;
  onReset: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to the news so keyboard and screen-reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="card co-result" aria-labelledby="link-criado">
      <div className="co-result__icon co-result__icon--success" aria-hidden="true">
        ✓
      </div>
      <h1 id="link-criado" ref={headingRef} tabIndex={-1} className="co-title">
        Link de Pagamento Criado!
      </h1>
      <p className="co-subtitle">
        Seu link de pagamento está pronto. Pague com cartão de crédito ou PIX; enviaremos a confirmação por
        e-mail.
      </p>
      <h2 className="co-section__title">Resumo do pedido</h2>
      <SummaryLines
        lines={[
          { label: 'Plano', value: 'Anual' },
          { label: 'Total', value: formatMoney(priceCents), total: true },
        ]}
      />
      <div className="co-actions">
        <PaymentLinkActions link={link} />
        <Button variant="ghost" block onClick={onReset}>
          Criar Novo Link
        </Button>
      </div>
      <h2 className="co-section__title co-spaced">Próximos passos</h2>
      <ol className="co-steps">
        <li>Efetue o pagamento pelo link (cartão de crédito ou PIX).</li>
        <li>Aguarde a confirmação do pagamento por e-mail.</li>
        <li>Receba por e-mail o link do grupo VIP da confraria.</li>
        <li>Aproveite sua experiência na confraria!</li>
      </ol>
    </section>
  );
}

/** A created link's two ways on: pay it (a new tab) or follow its status. */
export function PaymentLinkActions({ link }: { link: { id: string; url: string } }) {
  return (
    <>
      <a
        className={buttonClass('primary', { block: true })}
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Abrir Link de Pagamento
        <span className="sr-only"> (abre em nova aba)</span>
      </a>
      <Link
        className={buttonClass('secondary', { block: true })}
        to="/checkout/payment-link-success"
        search={{ payment_link_id: link.id }}
      >
        Acompanhar Status do Pagamento
      </Link>
    </>
  );
}
