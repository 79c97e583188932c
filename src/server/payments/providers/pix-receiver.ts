/**
 * Who receives the sandbox's PIX: the club's key from settings, in the DICT format, with the
 * merchant name and city of the BR Code. A stored key that does not resolve (invalid, or a CPF/phone
 * key whose type was never chosen) builds no BR Code at all: the payer is told PIX is unavailable,
 * never handed a code for a default or a guessed key (docs/decisions/031-pix-key-readings.md).
 */
import type { Settings } from '../../../shared/content/settings-defaults';
import { normalizePixKey, PIX_KEY_MSG } from '../../../shared/pix-key';
import { ProviderError } from './types';

export interface PixReceiver {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  clubName?: string;
}

export function pixReceiver(settings: Settings): PixReceiver {
  const key = normalizePixKey(settings.pixKey, settings.pixKeyType);
  if (!key.ok) throw new ProviderError(PIX_KEY_MSG.unavailable);
  const { merchantName, merchantCity, clubName } = settings;
  return { pixKey: key.key, merchantName, merchantCity, clubName };
}
