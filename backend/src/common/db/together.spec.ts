import { describe, expect, it } from '@jest/globals';
import { together } from './together';

describe('together: several statements as one', () => {
  it('should put the others before the main statement as CTEs, their placeholders after the main one’s', () => {
    const s = together({ text: 'INSERT INTO a (x, y) VALUES ($1, $2) RETURNING id', params: [1, 2] }, [
      { text: 'INSERT INTO b (x) SELECT * FROM unnest($1::int[])', params: [[3]] },
      null,
      { text: 'INSERT INTO c (x, y, z) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING RETURNING id', params: [4, 5] },
    ]);
    expect(s.text).toBe(
      'WITH w0 AS (INSERT INTO b (x) SELECT * FROM unnest($3::int[])), ' +
        'w1 AS (INSERT INTO c (x, y, z) VALUES ($4, $5, $5) ON CONFLICT DO NOTHING RETURNING id) ' +
        'INSERT INTO a (x, y) VALUES ($1, $2) RETURNING id',
    );
    expect(s.params).toEqual([1, 2, [3], 4, 5]);
  });

  it('should move two-digit placeholders whole ($12 is not $1 followed by 2)', () => {
    const main = { text: `SELECT ${Array.from({ length: 12 }, (_, i) => `$${i + 1}`).join(', ')}`, params: Array(12).fill(0) };
    const s = together(main, [{ text: 'INSERT INTO b (x, y) VALUES ($1, $12)', params: Array(12).fill(1) }]);
    expect(s.text.startsWith('WITH w0 AS (INSERT INTO b (x, y) VALUES ($13, $24)) SELECT $1,')).toBe(true);
    expect(s.params).toHaveLength(24);
  });

  it('should send the others alone, returning nothing, without a main statement; and a main one alone unchanged', () => {
    expect(together(null, [{ text: 'INSERT INTO b (x) VALUES ($1)', params: [7] }])).toEqual({
      text: 'WITH w0 AS (INSERT INTO b (x) VALUES ($1)) SELECT 1 WHERE false',
      params: [7],
    });
    const main = { text: 'UPDATE a SET x = $1', params: [1] };
    expect(together(main, [null])).toEqual({ text: main.text, params: [1] });
  });
});
