/**
 * A module (or anything slow to build) loaded on first use and then held: the first call starts
 * `load`, later calls share its promise. A failure is not remembered (a browser's download, an
 * import that failed): the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
