/**
 * ViaCEP client (https://viacep.com.br): `GET {base}/ws/{8 digits}/json/`. A CEP of the right form
 * that does not exist answers 200 with `{"erro": "true"}` (older answers: `{"erro": true}`); a
 * malformed one answers 400. Only the fields the checkout fills are read.
 */
import type { CepAddress } from '../../../shared/checkout-schemas';
import { addressOfViaCep, type ViaCepAnswer } from '../../../shared/fields/address';

export type CepLookup = { found: true; address: CepAddress } | { found: false };

export interface CepClient {
  /** Resolves `{found:false}` for an unknown CEP; rejects when the service fails or times out. */
  lookup(cep: string): Promise<CepLookup>;
}

interface ViaCepBody extends ViaCepAnswer {
  erro?: boolean | string;
}

export const CEP_TIMEOUT_MS = 4000;

export function createViaCepClient(baseUrl: string, timeoutMs = CEP_TIMEOUT_MS): CepClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async lookup(cep) {
      const response = await fetch(`${base}/ws/${cep}/json/`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 400) return { found: false };
      if (!response.ok) throw new Error(`ViaCEP respondeu HTTP ${response.status}`);
      const body = (await response.json()) as ViaCepBody;
      if (body.erro === true || body.erro === 'true') return { found: false };
      return { found: true, address: addressOfViaCep(body, cep) };
    },
  };
}
