import { useCallback, useEffect, useRef, useState } from 'react';
import type { CepAddress } from '../../../shared/checkout-schemas';
import { digitsOf } from '../../../shared/fields/rules';
import { MSG } from '../../../shared/messages';
import { useDataLayer } from '../../lib/data-layer';
import { fillEmptyFromCep, planCepFill, replaceWithCep, type AddressParts } from './cep-fill';

/**
 * The lookup's cache settings: an address does not move, so a CEP's answer is kept for the whole
 * visit and typing it again costs nothing; a failed lookup is not asked again at once but is asked
 * again when the CEP is typed again. A CEP typed away cancels the request still on its way.
 */
const CEP_QUERY = { staleTime: Infinity, retry: false } as const;

/** The lookup's key in the query cache, per CEP's digits. */
const cepKey = (cep: string) => ['checkout', 'cep', cep] as const;

/** The lookup of the CEP as typed now: its answer, its failure, or still on its way. */
interface Lookup {
  cep: string;
  data?: { address: CepAddress };
  error?: unknown;
  isFetching: boolean;
}

/** The question shown when the answer differs from the address the form holds. */
export interface CepQuestion {
  cep: string;
  found: CepAddress;
  replace: () => void;
  keep: () => void;
}

/**
 * The one CEP lookup of every form (ADR 033, ADR 042). The form calls `onCepTyped` only from the
 * person's own changes to the CEP (never on mount, prefill or reset). At 8 digits the address is
 * looked up (tRPC's `checkout.cep` query, keyed by the digits); empty parts are filled at once, and
 * when the form holds a different address the hook exposes a `question` ("Substituir" / "Manter")
 * and changes nothing until the person answers. A newer CEP makes an older answer (or question)
 * void. A not-found or failed lookup changes nothing and says that the address can be typed
 * (`status`), so the person is never left waiting for a fill that will not come.
 */
export function useCepAutofill({
  read,
  write,
}: {
  read: () => AddressParts;
  write: (parts: AddressParts) => void;
}) {
  /** The CEP digits as the person last typed them: the lookup's key. */
  const [typed, setTyped] = useState('');
  const [question, setQuestion] = useState<CepQuestion | null>(null);
  const latest = useRef('');
  /** The digits whose answer is still to be used: each change the person makes is answered once. */
  const unanswered = useRef('');
  const io = useRef({ read, write });
  useEffect(() => {
    io.current = { read, write };
  });
  // The lookup loads the data layer on first use (ADR 055): /checkout opens without it.
  const dataLayer = useDataLayer();
  const [lookup, setLookup] = useState<Lookup>({ cep: '', isFetching: false });
  useEffect(() => {
    if (typed.length !== 8) return;
    let current = true;
    const layer = dataLayer.load();
    layer
      .then(({ queryClient, trpcClient }) =>
        // Typed away while the layer was loading: nothing to ask.
        current
          ? queryClient.fetchQuery({
              ...CEP_QUERY,
              queryKey: cepKey(typed),
              queryFn: ({ signal }) => trpcClient.checkout.cep.query({ cep: typed }, { signal }),
            })
          : undefined,
      )
      .then(
        (data) => current && setLookup({ cep: typed, data, isFetching: false }),
        (error: unknown) => current && setLookup({ cep: typed, error, isFetching: false }),
      );
    return () => {
      current = false;
      // A CEP typed away cancels the request still on its way.
      void layer.then(({ queryClient }) => queryClient.cancelQueries({ queryKey: cepKey(typed) }));
    };
  }, [dataLayer, typed]);

  const onCepTyped = useCallback((value: string) => {
    const digits = digitsOf(value);
    if (digits === latest.current) return;
    latest.current = digits;
    unanswered.current = digits.length === 8 ? digits : '';
    setQuestion(null);
    setTyped(digits);
    // A new CEP's lookup starts now (the effect below asks it): no older answer counts.
    setLookup({ cep: digits, isFetching: digits.length === 8 });
  }, []);

  const { data, error } = lookup.cep === typed ? lookup : { data: undefined, error: undefined };
  const isFetching = typed.length === 8 && (lookup.cep !== typed || lookup.isFetching);
  useEffect(() => {
    // Only the answer for the CEP as typed now, once, and not while it is still being asked.
    if (!typed || unanswered.current !== typed || isFetching) return;
    if (error) {
      unanswered.current = '';
      console.warn('Falha ao buscar o CEP', typed, error);
      return;
    }
    if (!data) return;
    unanswered.current = '';
    answer(data.address);

    function answer(found: CepAddress) {
      const current = io.current.read();
      if (planCepFill(current, found) === 'fill') {
        io.current.write(fillEmptyFromCep(current, found));
        return;
      }
      const settle = () => setQuestion(null);
      setQuestion({
        cep: typed,
        found,
        replace: () => {
          io.current.write(replaceWithCep(io.current.read(), found));
          settle();
        },
        keep: settle,
      });
    }
  }, [typed, data, error, isFetching]);

  const loading = typed.length === 8 && isFetching;
  const failed = typed.length === 8 && !isFetching && Boolean(error);
  return {
    /** For the CEP field's person-made changes (`onType`). */
    onCepTyped,
    loading,
    /** What the CEP field says under it: the search under way, or that it failed and to type. */
    status: loading ? MSG.cepSearching : failed ? MSG.cepLookupFailed : undefined,
    question,
  };
}
