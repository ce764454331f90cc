import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { formatCell, type ReportTable } from './report-table';

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab or carriage return first) is prefixed
 * with an apostrophe (OWASP "CSV injection"). Numbers the report computed are not text and are left as they are.
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * RFC 4180 through csv-stringify (CRLF, quotes doubled, fields with separators quoted), UTF-8 with a BOM so
 * spreadsheets read accents right, a header row. Rows are pulled one at a time from the iterable, so the
 * download never holds more than the stream's buffer.
 */
export function csvStream(table: ReportTable, rows: Iterable<(string | number | null)[]> = table.rows): Readable {
  const out = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  const lines = (function* () {
    yield table.columns.map((c) => neutralise(c.header));
    for (const row of rows)
      yield row.map((v, i) => (typeof v === 'number' ? formatCell(v, table.columns[i].kind) : neutralise(formatCell(v, 'text'))));
    if (table.totals)
      yield table.totals.map((v, i) => (typeof v === 'number' ? formatCell(v, table.columns[i].kind) : neutralise(formatCell(v, 'text'))));
  })();
  Readable.from(lines).pipe(out);
  return out;
}
