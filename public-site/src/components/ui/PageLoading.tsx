import { useT } from '@/lib/i18n/useT';

/** Loading state of a page or section; announced politely to screen readers. */
export function PageLoading({ message }: { message?: string }) {
  const t = useT();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{message ?? t('loading.default')}</span>
    </div>
  );
}
