import { useCallback, useEffect, useRef, useState } from 'react';
import type { CepAddress } from '../../../shared/checkout-schemas';
import { lookupCep } from './checkout-api';

/**
 * Address lookup by CEP through our server (which asks ViaCEP and caches). Called from the CEP
 * field's change handler: it fires once the value reaches 8 digits and hands the address found to
 * `onFound`; editing the CEP (or a new one) cancels a lookup still under way, so an old answer
 * never overwrites the address. A not-found or failed lookup is only logged (spec 01 §5) — the
 * person simply types.
 */
export function useCepLookup(onFound: (address: CepAddress) => void) {
  const [loading, setLoading] = useState(false);
  const lastLookedUp = useRef('');
  const inFlight = useRef<AbortController | null>(null);
  const onFoundRef = useRef(onFound);
  useEffect(() => {
    onFoundRef.current = onFound;
  });
  useEffect(() => () => inFlight.current?.abort(), []);

  const lookup = useCallback((cep: string) => {
    const digits = cep.replace(/\D/g, '');
    if (digits.length !== 8) {
      // The CEP was edited away: a lookup still on its way must not fill the address any more.
      lastLookedUp.current = '';
      inFlight.current?.abort();
      inFlight.current = null;
      setLoading(false);
      return;
    }
    if (digits === lastLookedUp.current) return;
    lastLookedUp.current = digits;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    lookupCep(digits, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (answer.success) onFoundRef.current(answer.address);
        else console.warn('CEP não encontrado', digits, answer.error);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Falha ao buscar o CEP', digits, error);
      })
      .finally(() => {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading(false);
        }
      });
  }, []);

  return { lookup, loading };
}
