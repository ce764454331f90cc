import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_RESIZE_MESSAGE, embedBase, reportHeightToParent } from '@/lib/embed';

describe('embed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should take the router base from a widget address only', () => {
    expect(embedBase('/embed/a0000000-0000-4000-8000-000000000001/org/x')).toBe('/embed/a0000000-0000-4000-8000-000000000001');
    expect(embedBase('/embed/abc')).toBe('/embed/abc');
    expect(embedBase('/org/abc')).toBe('');
    expect(embedBase('/embedded/abc')).toBe('');
  });

  it('should post its height to the parent when it changes, and nothing when not framed', () => {
    let observed: (() => void) | null = null;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: () => void) {
          observed = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    const posted: unknown[] = [];
    let height = 640;
    const body = { scrollHeight: 0, getBoundingClientRect: () => ({ height }) };
    const parent = { postMessage: (m: unknown, origin: string) => posted.push([m, origin]) };
    const framed = { parent, document: { body } } as unknown as Window;
    const stop = reportHeightToParent(framed);
    expect(posted).toEqual([[{ type: EMBED_RESIZE_MESSAGE, height: 640 }, '*']]);
    observed!();
    expect(posted).toHaveLength(1); // unchanged: not posted again
    height = 412.3;
    observed!();
    expect(posted[1]).toEqual([{ type: EMBED_RESIZE_MESSAGE, height: 413 }, '*']);
    stop();

    const top = { document: { body } } as unknown as Window & { parent: Window };
    top.parent = top;
    posted.length = 0;
    reportHeightToParent(top);
    expect(posted).toEqual([]);
  });
});
