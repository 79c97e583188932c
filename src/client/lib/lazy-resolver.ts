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
  const loaded = () => (loading ??= load());
  const resolver = (async (values, context, options) =>
    (await loaded())(values, context, options)) as LazyResolver<Values, Output>;
  resolver.preload = () => {
    // A failed download is retried at the next use instead of being remembered.
    loaded().catch(() => (loading = undefined));
  };
  return resolver;
}
