/** Loading state of a page or section; announced politely to screen readers. */
export function PageLoading({ message = 'Loading...' }: { message?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
