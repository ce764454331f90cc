import type { ReactNode } from 'react';
import { Alert, Button, Chip, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { SimpleTable } from '@/common/SimpleTable';
import { SettingsSection } from '@/settings/SettingsSection';
import { errorMessage } from '@/providers/httpClient';
import { fmtDateTime } from './SecretOnce';

/**
 * The frame every Settings › Integrations section shares (API keys, webhooks, calendar feeds): a titled, outlined
 * section with its create button, a sentence saying what it is for, then whatever the section lists.
 */
export function IntegrationSection({
  title,
  createLabel,
  onCreate,
  intro,
  error,
  children,
}: {
  title: string;
  createLabel: string;
  onCreate: () => void;
  intro: ReactNode;
  /** A failed action on a listed item (revoke, delete), above the list. */
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <SettingsSection
      title={title}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
          {createLabel}
        </Button>
      }
    >
      <Typography color="text.secondary">{intro}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {children}
    </SettingsSection>
  );
}

/** What a section's list reads: a react-query result or a react-admin list context. */
export interface ListedItems<T> {
  isPending: boolean;
  error: unknown;
  data: T[] | undefined;
}

/**
 * A section's list: 'Loading …', the load error, 'No … yet.' or the table, one row per item. `noun` is the plural the
 * texts use ('API keys'); each row's cells come from `cells`, in the order of `columns` (the last one right-aligned).
 */
export function ItemsTable<T extends { id: string }>({
  query,
  noun,
  label,
  columns,
  cells,
}: {
  query: ListedItems<T>;
  noun: string;
  label: string;
  columns: string[];
  cells: (item: T) => ReactNode[];
}) {
  if (query.isPending) return <Typography>Loading {noun}...</Typography>;
  if (query.error) return <Alert severity="error">{errorMessage(query.error, `Failed to load the ${noun}`)}</Alert>;
  if (!query.data?.length) return <Typography color="text.secondary">No {noun} yet.</Typography>;
  const last = columns.length - 1;
  return (
    <SimpleTable bare label={label} columns={columns.map((c, i) => ({ label: c, align: i === last ? 'right' : undefined }))}>
      <TableBody>
        {query.data.map((item) => (
          <TableRow key={item.id}>
            {cells(item).map((cell, i) => (
              <TableCell key={columns[i]} align={i === last ? 'right' : undefined} sx={i === last ? { whiteSpace: 'nowrap' } : undefined}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </SimpleTable>
  );
}

/** A revoked item shows when it was revoked; a live one its Revoke button. */
export function RevokeCell({ revokedAt, label, onRevoke }: { revokedAt: string | null; label: string; onRevoke: () => void }) {
  return revokedAt ? (
    <Chip size="small" label={`Revoked ${fmtDateTime(revokedAt)}`} />
  ) : (
    <Button color="error" size="small" onClick={onRevoke} aria-label={label}>
      Revoke
    </Button>
  );
}
