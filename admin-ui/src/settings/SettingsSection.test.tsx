import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

afterEach(cleanup);

describe('SettingsSection and SaveRow', () => {
  it('names the section by its heading and saves once per press', () => {
    const onSave = vi.fn();
    render(
      <SettingsSection title="Class reminders">
        <SaveRow label="Save reminder settings" onSave={onSave} status={{ saving: false }} />
      </SettingsSection>,
    );
    expect(screen.getByRole('region', { name: 'Class reminders' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('reads Saving... and cannot be pressed while the call runs, then shows the notice or the refusal', () => {
    const onSave = vi.fn();
    const { rerender } = render(<SaveRow label="Save discounts" onSave={onSave} status={{ saving: true }} />);
    const busy = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    rerender(<SaveRow label="Save discounts" onSave={onSave} status={{ saving: false, success: 'Discounts saved successfully!' }} />);
    expect(screen.getByText('Discounts saved successfully!')).toBeTruthy();
    rerender(
      <SaveRow label="Save discounts" onSave={onSave} disabled status={{ saving: false, error: 'Failed to save the discounts.' }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to save the discounts.');
    expect((screen.getByRole('button', { name: 'Save discounts' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
