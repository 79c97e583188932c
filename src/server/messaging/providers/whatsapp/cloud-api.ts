/**
 * WhatsApp Cloud API (Meta Graph API): a text message is
 * `POST {apiUrl}/{phoneId}/messages` with the Bearer token. A non-2xx answer is a failure that
 * carries the API's own error message (`{ error: { message } }`), so the admin sees why.
 */
import { z } from 'zod';
import { BRAZIL_COUNTRY_CODE, digitsOf, isNationalPhone } from '../../../../shared/fields/rules';
import { errorText, providerText } from '../../../lib/provider-status';
import type { WhatsAppTransport } from './index';

const SEND_TIMEOUT_MS = 20_000;
const CHECK_TIMEOUT_MS = 5_000;

export interface CloudApiConfig {
  apiUrl: string;
  token: string;
  phoneId: string;
}

export function createCloudApiWhatsAppTransport({
  apiUrl,
  token,
  phoneId,
}: CloudApiConfig): WhatsAppTransport {
  const base = `${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(phoneId)}`;
  const headers = { authorization: `Bearer ${token}` };
  const clean = (text: string) => providerText(text, [token]);

  async function call(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new Error(clean(`WhatsApp Cloud API inacessível: ${describeFetchError(error)}`), {
        cause: error,
      });
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const apiMessage = apiErrorMessage(body);
      throw new Error(clean(`WhatsApp Cloud API ${response.status}${apiMessage ? `: ${apiMessage}` : ''}`));
    }
    return body;
  }

  return {
    provider: 'cloud-api',
    async send({ to, text }) {
      await call(
        `${base}/messages`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: toWhatsAppNumber(to),
            type: 'text',
            text: { body: text },
          }),
        },
        SEND_TIMEOUT_MS,
      );
    },
    async check() {
      try {
        const body = await call(base, { method: 'GET', headers }, CHECK_TIMEOUT_MS);
        const number = phoneNumberOf(body);
        return {
          provider: 'cloud-api',
          configured: true,
          ok: true,
          detail: number ? `Número ${number} conectado` : 'WhatsApp Cloud API respondeu',
        };
      } catch (error) {
        return { provider: 'cloud-api', configured: true, ok: false, detail: errorText(error) };
      }
    },
  };
}

/** The Graph API's error answer: `{ error: { message, type, code } }`. */
const apiError = z.object({ error: z.object({ message: z.string() }) });
/** What `GET /{phoneId}` answers (only what the status shows). */
const phoneNumber = z.object({ display_phone_number: z.string() });

function apiErrorMessage(body: unknown): string | undefined {
  return apiError.safeParse(body).data?.error.message;
}

function phoneNumberOf(body: unknown): string | undefined {
  return phoneNumber.safeParse(body).data?.display_phone_number;
}

function describeFetchError(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'tempo esgotado';
  // fetch wraps the network error (ECONNREFUSED, ENOTFOUND…) in `cause`.
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? errorText(error);
}

/**
 * The Cloud API wants the number in international form, digits only. A number written with `+`
 * is already international; otherwise members are Brazilian, and a bare DDD + number (10 or 11
 * digits) gets the country code 55.
 */
export function toWhatsAppNumber(phone: string): string {
  const digits = digitsOf(phone);
  const international = phone.trim().startsWith('+');
  return !international && isNationalPhone(digits) ? `${BRAZIL_COUNTRY_CODE}${digits}` : digits;
}
