import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CepAddress } from '../../../shared/checkout-schemas';
import { lookupCep } from '../checkout/checkout-api';
import { fillEmptyFromCep, planCepFill, replaceWithCep, type AddressParts } from './cep-fill';
import { digitsOf } from '../../../shared/fields/rules';

/**
 * The address ViaCEP knows for 8 digits, through our server: cached by CEP for the whole visit
 * (an address does not move), so typing a CEP again costs nothing. `null` when it is unknown; a
 * failed lookup throws and is not cached.
 */
export const cepQuery = (digits: string) =>
  queryOptions({
    queryKey: ['cep', digits] as const,
    queryFn: async ({ signal }): Promise<CepAddress | null> => {
      const answer = await lookupCep(digits, signal);
      return answer.success ? answer.address : null;
    },
    staleTime: Infinity,
    retry: false,
  });

/** The question shown when the answer differs from the address the form holds. */
export interface CepQuestion {
  cep: string;
  found: CepAddress;
  replace: () => void;
  keep: () => void;
}

/**
 * The one CEP lookup of every form (ADR 033). The form calls `onCepTyped` only from the person's
 * own changes to the CEP (never on mount, prefill or reset). At 8 digits the address is looked up;
 * empty parts are filled at once, and when the form holds a different address the hook exposes a
 * `question` ("Substituir" / "Manter") and changes nothing until the person answers. A newer CEP
 * makes an older answer (or question) void. A not-found or failed lookup is only logged: the
 * person simply types.
 */
export function useCepAutofill({
  read,
  write,
}: {
  read: () => AddressParts;
  write: (parts: AddressParts) => void;
}) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [question, setQuestion] = useState<CepQuestion | null>(null);
  const latest = useRef('');
  const io = useRef({ read, write });
  useEffect(() => {
    io.current = { read, write };
  });
  /** A lookup for a CEP the person has since changed is cancelled (the browser drops the request). */
  const cancelLookup = useCallback(
    (digits: string) => {
      if (digits.length === 8) void queryClient.cancelQueries({ queryKey: cepQuery(digits).queryKey });
    },
    [queryClient],
  );
  useEffect(
    () => () => {
      cancelLookup(latest.current);
      latest.current = '';
    },
    [cancelLookup],
  );

  const onCepTyped = useCallback(
    async (value: string) => {
      const digits = digitsOf(value);
      if (digits === latest.current) return;
      cancelLookup(latest.current);
      latest.current = digits;
      setQuestion(null);
      if (digits.length !== 8) {
        setLoading(false);
        return;
      }
      setLoading(true);
      try {
        const found = await queryClient.fetchQuery(cepQuery(digits));
        if (latest.current !== digits) return;
        if (!found) {
          console.warn('CEP não encontrado', digits);
          return;
        }
        const current = io.current.read();
        if (planCepFill(current, found) === 'fill') {
          io.current.write(fillEmptyFromCep(current, found));
          return;
        }
        const settle = () => {
          setQuestion(null);
        };
        setQuestion({
          cep: digits,
          found,
          replace: () => {
            io.current.write(replaceWithCep(io.current.read(), found));
            settle();
          },
          keep: settle,
        });
      } catch (error) {
        if (latest.current === digits) console.warn('Falha ao buscar o CEP', digits, error);
      } finally {
        if (latest.current === digits) setLoading(false);
      }
    },
    [queryClient, cancelLookup],
  );

  return {
    /** For the CEP field's person-made changes (`onType`). */
    onCepTyped: (value: string) => void onCepTyped(value),
    loading,
    question,
  };
}
