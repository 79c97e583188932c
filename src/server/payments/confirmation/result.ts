export type ConfirmResult =
  | { confirmed: true; paymentId: string }
  /** `foreign`: the charge is on file for another payment or link, which it is never moved from. */
  | { confirmed: false; reason: 'already' | 'amount' | 'foreign' }
  /**
   * Money that bought nothing, recorded apart for the owner to refund (ADR 030): a second charge
   * for something already paid, a charge paid with less than due, or a charge on a link the club
   * had cancelled.
   */
  | { confirmed: false; reason: 'duplicate' | 'underpaid' | 'cancelled_link'; paymentId: string };
