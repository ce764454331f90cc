import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { CalendarFeed, ClassRecord, CreatedCalendarFeed } from '@/providers/types';
import { SecretOnce, fmtDateTime } from './SecretOnce';
import { IntegrationSection, ItemsTable, RevokeCell, useServerAction } from './IntegrationSection';

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
  const dialog = useServerAction();
  const list = useServerAction();
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const [revoking, setRevoking] = useState<CalendarFeed | null>(null);
  const titleOf = (id: string | null) => classes.data?.find((c) => c.id === id)?.title ?? 'A class';
  const describe = (f: CalendarFeed) =>
    f.scope === 'organization' ? 'All classes' : f.scope === 'class' ? `Class: ${titleOf(f.classId)}` : "A teacher's own classes";

  const openCreate = () => {
    setTarget('organization');
    dialog.setError(null);
    setCreated(null);
    setOpen(true);
  };
  const create = () =>
    dialog.run(async () => {
      setCreated(await dp.createCalendarFeed(target === 'organization' ? { scope: 'organization' } : { scope: 'class', classId: target }));
      void qc.invalidateQueries({ queryKey: CALENDAR_FEED_KEYS });
    }, 'Failed to create the calendar feed. Please try again');
  const revoke = async () => {
    if (!revoking) return;
    await list.run(async () => {
      await dp.revokeCalendarFeed(revoking.id);
      await qc.invalidateQueries({ queryKey: CALENDAR_FEED_KEYS });
    }, 'Failed to revoke the calendar feed. Please try again');
    setRevoking(null);
  };

  return (
    <IntegrationSection
      title="Calendar feeds"
      createLabel="Create calendar feed"
      onCreate={openCreate}
      error={list.error}
      intro="A feed URL puts every session in Google Calendar, Outlook or Apple Calendar and keeps it up to date, cancellations included."
    >
      <ItemsTable
        query={feeds}
        noun="calendar feeds"
        label="Calendar feeds"
        columns={['Feed', 'Created', 'Actions']}
        cells={(f) => [
          describe(f),
          fmtDateTime(f.createdAt),
          <RevokeCell key="revoke" revokedAt={f.revokedAt} label={`Revoke feed: ${describe(f)}`} onRevoke={() => setRevoking(f)} />,
        ]}
      />

      <FormDialog
        open={open}
        title={created ? 'Calendar feed created' : 'Create calendar feed'}
        onClose={() => setOpen(false)}
        submitLabel={created ? 'Done' : 'Create feed'}
        cancelLabel={created ? 'Close' : 'Cancel'}
        busy={dialog.busy}
        error={dialog.error}
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
        busy={list.busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </IntegrationSection>
  );
}
