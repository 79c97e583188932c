/**
 * A react-hook-form resolver whose schema loads on first use: the form renders (and a pre-rendered
 * page hydrates) without zod, which arrives when the person first focuses or submits the form
 * (ADR 024: the checkout's first load stays within 200 KB). The first check waits for it; later
 * ones run straight away. `preload()` starts the download earlier (on the form's first focus).
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<Values extends FieldValues, Output> = Resolver<Values, unknown, Output> & {
  preload: () => void;
};

export function lazyResolver<Values extends FieldValues, Output>(
  load: () => Promise<Resolver<Values, unknown, Output>>,
): LazyResolver<Values, Output> {
  let loading: Promise<Resolver<Values, unknown, Output>> | undefined;
  // A failed download (a network blip) is not remembered: the next check or focus tries again.
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver = (async (values, context, options) =>
    (await loaded())(values, context, options)) as LazyResolver<Values, Output>;
  resolver.preload = () => void loaded().catch(() => undefined);
  return resolver;
}
