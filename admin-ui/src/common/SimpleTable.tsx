import type { ReactNode } from 'react';
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
    <TableContainer {...(bare ? {} : { component: Paper, variant: 'outlined' as const })}>
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
