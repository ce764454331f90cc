import { useT } from '@/lib/i18n/useT';

export type ViewMode = 'admin' | 'student';

/** Admin View / Student View switch, shown only to admins of the organization (spec 1 §6). */
export function ViewSwitch({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  const t = useT();
  return (
    <div className="segmented" role="group" aria-label={t('view.label')}>
      <button type="button" aria-pressed={mode === 'admin'} onClick={() => onChange('admin')}>
        {t('view.admin')}
      </button>
      <button type="button" aria-pressed={mode === 'student'} onClick={() => onChange('student')}>
        {t('view.student')}
      </button>
    </div>
  );
}
