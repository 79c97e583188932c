/**
 * CEP lookup for the checkout and profile forms, through our server (docs/product/decisions.md §6): ViaCEP with an
 * in-memory cache, so a form that asks again (or a hundred forms asking for the same street) costs
 * one call. A failed lookup is only logged; the caller gets a Portuguese error, never a 500.
 */
import { CHECKOUT_MSG, type CepAddress } from '../../shared/checkout-schemas';
import { DAY_MS, HOUR_MS } from '../../shared/sao-paulo-time';
import { createViaCepClient, type CepClient, type CepLookup } from './providers/viacep';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';

const FOUND_TTL_MS = DAY_MS;
const NOT_FOUND_TTL_MS = HOUR_MS;
const MAX_ENTRIES = 5000;

export function createCepService(
  { env, log, clock }: ServiceDeps,
  client: CepClient = createViaCepClient(env.VIACEP_URL),
) {
  const cache = new Map<string, { result: CepLookup; expiresAt: number }>();
  /** Lookups in flight, so concurrent requests for one CEP share a single call. */
  const pending = new Map<string, Promise<CepLookup>>();

  function remember(cep: string, result: CepLookup) {
    if (cache.size >= MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    const ttl = result.found ? FOUND_TTL_MS : NOT_FOUND_TTL_MS;
    cache.set(cep, { result, expiresAt: clock.now().getTime() + ttl });
  }

  async function fetchOnce(cep: string): Promise<CepLookup> {
    const inFlight = pending.get(cep);
    if (inFlight) return inFlight;
    const call = client.lookup(cep).finally(() => pending.delete(cep));
    pending.set(cep, call);
    return call;
  }

  return {
    /** `cep` must already be 8 digits (the route's schema strips the mask). */
    async lookup(cep: string): Promise<CepAddress> {
      const cached = cache.get(cep);
      let result: CepLookup;
      if (cached && cached.expiresAt > clock.now().getTime()) {
        result = cached.result;
      } else {
        try {
          result = await fetchOnce(cep);
        } catch (error) {
          log.warn({ cep, err: (error as Error).message }, 'CEP lookup failed');
          throw new AppError('BAD_GATEWAY', CHECKOUT_MSG.cepLookupFailed);
        }
        remember(cep, result);
      }
      if (!result.found) {
        log.info({ cep }, 'CEP not found');
        throw new AppError('NOT_FOUND', CHECKOUT_MSG.cepNotFound);
      }
      return result.address;
    },
  };
}
