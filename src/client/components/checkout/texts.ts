/** Screen texts of the checkout that only the browser shows (the shared ones are in CHECKOUT_MSG). */
export const CHECKOUT_TEXT = {
  /** docs/product/back-office-and-member-area.md §8: a failing confirmation e-mail never hides a confirmed payment. */
  emailFailedNote: 'O pagamento foi confirmado, mas não foi possível enviar o e-mail de confirmação.',
  cardApproved: 'Pagamento aprovado! Você será redirecionado em instantes.',
  pixExpired:
    'O código PIX expirou ou o pagamento não foi concluído. Gere um novo código para tentar novamente.',
} as const;
