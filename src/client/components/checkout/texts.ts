/** Screen texts of the checkout that only the browser shows (the shared ones are in CHECKOUT_MSG). */
export const CHECKOUT_TEXT = {
  /** docs/product/back-office-and-member-area.md §8: a failing confirmation e-mail never hides a confirmed payment. */
  emailFailedNote: 'O pagamento foi confirmado, mas não foi possível enviar o e-mail de confirmação.',
  cardApproved: 'Pagamento aprovado! Você será redirecionado em instantes.',
  pixExpired:
    'O código PIX expirou ou o pagamento não foi concluído. Gere um novo código para tentar novamente.',
  /** Members renew signed in, at the renewal price; the anonymous checkout sells new memberships. */
  memberHintQuestion: 'Já é confrade?',
  memberHintLink: 'Entre para renovar pelo valor de renovação.',
} as const;

/** Where a member renews (the member area's subscription page), reached through the sign-in. */
export const MEMBER_RENEWAL_PATH = '/user/subscription';
