// A titled list the student's details read from the server (their activity, their messages), with its loading and failure states.
import type { ReactNode } from 'react';
import { Alert, CircularProgress, List, Typography } from '@mui/material';

/** A titled list read from the server: a spinner while it loads, the failure, 'nothing yet', or the items. */
export function HistorySection<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: { isPending: boolean; error: unknown; data?: T[] };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <Typography variant="subtitle2">{title}</Typography>
      {query.isPending ? (
        <CircularProgress size={20} sx={{ mt: 1 }} aria-label={`Loading ${title.toLowerCase()}`} />
      ) : query.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          Failed to load data
        </Alert>
      ) : !query.data?.length ? (
        <Typography variant="body2" color="text.secondary" mt={0.5}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={title}>
          {children(query.data)}
        </List>
      )}
    </>
  );
}
