import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import {
  Alert,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { FormDialog } from '@/common/FormDialog';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { CalendarFeed, ClassRecord, CreatedCalendarFeed } from '@/providers/types';
import { SecretOnce, fmtDateTime } from './SecretOnce';

export const CALENDAR_FEED_KEYS = ['calendar-feeds'];
export const FEED_URL_NOTICE =
  'Copy the feed URL now and add it to your calendar app (Subscribe to calendar / From URL): you will not see it again. Anyone with the URL can read the schedule.';

/** Calendar feeds (ICS subscriptions with a secret URL) of the organization or of one class; revoke stops a URL. */
export function CalendarFeedsSection() {
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const feeds = useQuery({ queryKey: CALENDAR_FEED_KEYS, queryFn: () => dp.getCalendarFeeds() });
  const classes = useGetList<ClassRecord>('classes', { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' } });
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<string>('organization');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const [revoking, setRevoking] = useState<CalendarFeed | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const titleOf = (id: string | null) => classes.data?.find((c) => c.id === id)?.title ?? 'A class';
  const describe = (f: CalendarFeed) =>
    f.scope === 'organization' ? 'All classes' : f.scope === 'class' ? `Class: ${titleOf(f.classId)}` : "A teacher's own classes";

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      setCreated(await dp.createCalendarFeed(target === 'organization' ? { scope: 'organization' } : { scope: 'class', classId: target }));
      void qc.invalidateQueries({ queryKey: CALENDAR_FEED_KEYS });
    } catch (e) {
      setError(errorMessage(e, 'Failed to create the calendar feed. Please try again'));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    setListError(null);
    try {
      await dp.revokeCalendarFeed(revoking.id);
      await qc.invalidateQueries({ queryKey: CALENDAR_FEED_KEYS });
    } catch (e) {
      setListError(errorMessage(e, 'Failed to revoke the calendar feed. Please try again'));
    } finally {
      setRevoking(null);
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="calendar-feeds-heading">
      <Stack spacing={2}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
          <Typography variant="h6" component="h2" id="calendar-feeds-heading">
            Calendar feeds
          </Typography>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setTarget('organization');
              setError(null);
              setCreated(null);
              setOpen(true);
            }}
          >
            Create calendar feed
          </Button>
        </Stack>
        <Typography color="text.secondary">
          A feed URL puts every session in Google Calendar, Outlook or Apple Calendar and keeps it up to date, cancellations included.
        </Typography>
        {listError && <Alert severity="error">{listError}</Alert>}
        {feeds.isPending ? (
          <Typography>Loading calendar feeds...</Typography>
        ) : feeds.error ? (
          <Alert severity="error">{errorMessage(feeds.error, 'Failed to load the calendar feeds')}</Alert>
        ) : !feeds.data?.length ? (
          <Typography color="text.secondary">No calendar feeds yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Calendar feeds">
              <TableHead>
                <TableRow>
                  <TableCell>Feed</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {feeds.data.map((f) => (
                  <TableRow key={f.id}>
                    <TableCell>{describe(f)}</TableCell>
                    <TableCell>{fmtDateTime(f.createdAt)}</TableCell>
                    <TableCell align="right">
                      {f.revokedAt ? (
                        <Chip size="small" label={`Revoked ${fmtDateTime(f.revokedAt)}`} />
                      ) : (
                        <Button size="small" color="error" onClick={() => setRevoking(f)} aria-label={`Revoke feed: ${describe(f)}`}>
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>

      <FormDialog
        open={open}
        title={created ? 'Calendar feed created' : 'Create calendar feed'}
        onClose={() => setOpen(false)}
        submitLabel={created ? 'Done' : 'Create feed'}
        cancelLabel={created ? 'Close' : 'Cancel'}
        busy={busy}
        error={error}
        onSubmit={created ? () => setOpen(false) : () => void create()}
      >
        {created ? (
          <SecretOnce label="Feed URL" copyLabel="Copy feed URL" value={created.url} notice={FEED_URL_NOTICE} />
        ) : (
          <TextField select label="Classes in the feed" value={target} onChange={(e) => setTarget(e.target.value)}>
            <MenuItem value="organization">All classes of the organization</MenuItem>
            {(classes.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.title}
              </MenuItem>
            ))}
          </TextField>
        )}
      </FormDialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke calendar feed"
        message="Revoke this feed? Calendars subscribed to its URL stop getting updates. This cannot be undone."
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
