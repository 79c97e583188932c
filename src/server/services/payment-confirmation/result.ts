export type ConfirmResult =
  | { confirmed: true; paymentId: string }
  /** `foreign`: the charge is on file for another payment or link, which it is never moved from. */
  | { confirmed: false; reason: 'already' | 'amount' | 'foreign' }
  /**
   * Money that bought nothing, recorded apart for the owner to refund (ADR 030): a second charge
   * for something already paid, or a charge paid with less than due.
   */
  | { confirmed: false; reason: 'duplicate' | 'underpaid'; paymentId: string };
