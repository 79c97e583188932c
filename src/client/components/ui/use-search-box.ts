import { useEffect, useRef, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';

const SEARCH_DELAY_MS = 300;

/**
 * A list's search box whose settled value lives in the address (ADR 034): what is typed is handed
 * to `commit` once typing pauses, and when the address changes by itself (back button, a link) the
 * box shows the address's text again.
 */
export function useSearchBox(value: string, commit: (text: string) => void, delay = SEARCH_DELAY_MS) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    // The address moved on its own, not by this box's own commit: follow it.
    if (text.trim() !== value) setText(value);
  }
  const settled = useDebounced(text.trim(), delay);
  const latest = useRef({ value, commit });
  useEffect(() => {
    latest.current = { value, commit };
  });
  // Only a pause in typing commits: an address that moved by itself is followed, never undone.
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.commit(settled);
  }, [settled]);
  return [text, setText] as const;
}
