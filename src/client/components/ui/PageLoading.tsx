/** Shown while a route's code or data loads. */
export function PageLoading({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
