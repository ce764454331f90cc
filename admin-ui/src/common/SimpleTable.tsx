import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Paper, Table, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';

export interface Column {
  label: string;
  align?: 'left' | 'center' | 'right';
  /** Left out (e.g. the Organization column of one organization's own audit log). */
  hidden?: boolean;
}

/** A fixed page of a paged table (the pager shows only when `pager` is given). */
export interface Pager {
  count: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
}

/**
 * A table wider than the screen (a phone) scrolls inside its container, and a keyboard user can only scroll it if the
 * container takes focus: it becomes a tab stop while, and only while, its content overflows.
 */
function useFocusableWhenScrolling() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, tabIndex: scrolls ? 0 : undefined };
}

/**
 * The app's tables: an outlined, labelled table with its header row, its body (children) and an optional pager.
 * `bare` leaves the outline out, for a table that already sits inside a framed settings section or a dialog.
 */
export function SimpleTable({
  label,
  columns,
  size = 'small',
  pager,
  bare = false,
  children,
}: {
  label: string;
  columns: Column[];
  size?: 'small' | 'medium';
  pager?: Pager;
  bare?: boolean;
  children: ReactNode;
}) {
  const focusable = useFocusableWhenScrolling();
  const table = (
    <Table size={size} aria-label={label}>
      <TableHead>
        <TableRow>
          {columns
            .filter((c) => !c.hidden)
            .map((c, i) => (
              // An actions column has no heading, so its place names it.
              <TableCell key={c.label || `column-${i}`} align={c.align}>
                {c.label}
              </TableCell>
            ))}
        </TableRow>
      </TableHead>
      {children}
    </Table>
  );
  return (
    <TableContainer {...focusable} {...(bare ? {} : { component: Paper, variant: 'outlined' as const })}>
      {table}
      {pager && (
        <TablePagination
          component="div"
          count={pager.count}
          page={pager.page}
          onPageChange={(_, p) => pager.onPage(p)}
          rowsPerPage={pager.perPage}
          rowsPerPageOptions={[pager.perPage]}
        />
      )}
    </TableContainer>
  );
}
