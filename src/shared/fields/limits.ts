/**
 * The longest text each field takes, on both sides: the server's schemas refuse beyond it and the
 * inputs stop typing there (the widest any form took before ADR 037, so no value accepted then is
 * refused now). A module of its own, importing nothing, so that the routes' search readers (in the
 * entry chunk every page loads) use it without bringing the form rules along.
 */
export const FIELD_LIMITS = {
  /** A full name. */
  name: 120,
  /** First name or last name alone (the wizard asks for both). */
  namePart: 60,
  /** RFC 5321's longest address. */
  email: 254,
  street: 200,
  number: 20,
  complement: 120,
  neighborhood: 120,
  city: 120,
  /** What may be typed in a phone input: digits plus a mask, spaces, +55. */
  phoneTyped: 30,
  /** What may be typed in a CPF input: 11 digits plus the mask. */
  cpfTyped: 20,
  /** What may be typed in a CEP input: 8 digits plus the mask. */
  cepTyped: 12,
  /** A state's abbreviation (UF). */
  state: 2,
  profession: 120,
  /** The member's free words on the wines they like. */
  winePreference: 500,
  /** The reason given for a refund or a cancellation. */
  reason: 500,
  /** A one-time link's token (set password, e-mail confirmation, "não fui eu") as a URL carries it. */
  linkToken: 200,
  /** An e-mail's subject written in the back office. */
  messageSubject: 200,
  /** A message's text: WhatsApp's longest text message. */
  messageText: 4096,
} as const;
