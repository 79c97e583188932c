/**
 * Machine-readable reasons of a few refusals, so a client can act on them (ask for the sign-in code,
 * open the step-up dialog) instead of matching a Portuguese sentence. tRPC errors carry it as
 * `data.reason`; REST answers as `code` beside `error`.
 */
export const ERROR_REASONS = [
  /** The password was right; the account has two-factor sign-in on and no (valid) code came. */
  'two_factor_required',
  /** The operation changes something sensitive: confirm the password (or code) again first. */
  'step_up_required',
  /**
   * Many wrong sign-ins on this account lately: the password alone waits, the password with the
   * second factor goes through (the sign-in screen shows the code field).
   */
  'account_throttled',
  /** Too many wrong codes: the app's codes are suspended for a while; start again from the password. */
  'two_factor_locked',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];
