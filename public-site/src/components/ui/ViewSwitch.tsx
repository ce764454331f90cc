export type ViewMode = 'admin' | 'student';

/** Admin View / Student View switch, shown only to admins of the organization (spec 1 §6). */
export function ViewSwitch({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Page view">
      <button type="button" aria-pressed={mode === 'admin'} onClick={() => onChange('admin')}>
        Admin View
      </button>
      <button type="button" aria-pressed={mode === 'student'} onClick={() => onChange('student')}>
        Student View
      </button>
    </div>
  );
}
