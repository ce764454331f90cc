import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSaveAction } from '@/common/useSaveAction';

/** The save wiring five settings forms share: busy while it runs, the saved notice, the refusal in words. */
describe('useSaveAction', () => {
  it('is busy while the work runs and shows what it saved', async () => {
    const { result } = renderHook(() => useSaveAction('Failed to save. Please try again'));
    let finish!: () => void;
    let run!: Promise<void>;
    act(() => {
      run = result.current.run(async (saved) => {
        await new Promise<void>((resolve) => (finish = resolve));
        saved('Saved successfully!');
      });
    });
    expect(result.current.status).toEqual({ saving: true, success: null, error: null });
    await act(async () => {
      finish();
      await run;
    });
    expect(result.current.status).toEqual({ saving: false, success: 'Saved successfully!', error: null });
  });

  it("shows the server's words, or the form's own when it asks for them, and clears them on the next try", async () => {
    const refusal = Object.assign(new Error('Time zone is not valid'), { status: 400 });
    const plain = renderHook(() => useSaveAction('Failed to save. Please try again'));
    await act(() => plain.result.current.run(() => Promise.reject(refusal)));
    expect(plain.result.current.error).toBe('Time zone is not valid');
    expect(plain.result.current.busy).toBe(false);
    await act(() => plain.result.current.run(async () => {}));
    expect(plain.result.current.error).toBeNull();

    const own = renderHook(() => useSaveAction('Failed to save branding settings. Please try again', { ownWords: true }));
    await act(() => own.result.current.run(() => Promise.reject(refusal)));
    expect(own.result.current.error).toBe('Failed to save branding settings. Please try again');
  });
});
