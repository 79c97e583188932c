/** Why a webhook was not taken; the provider retries everything but `unauthorized`/`invalid`. */
export type WebhookRefusal =
  'not_configured' | 'unauthorized' | 'invalid' | 'not_yet' | 'not_found' | 'provider_failed' | 'failed';

export type WebhookResult =
  | { kind: 'received'; duplicate?: true; ignored?: true }
  | { kind: 'refused'; reason: WebhookRefusal; message: string };

export const refused = (reason: WebhookRefusal, message: string): WebhookResult => ({
  kind: 'refused',
  reason,
  message,
});
