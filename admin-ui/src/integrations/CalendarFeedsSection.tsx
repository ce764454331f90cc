/**
 * Settings › Integrations › Calendar feeds: react-admin's 'calendar-feeds' resource. The list is a ListBase; 'Create
 * calendar feed' a create of the resource (its reply is the only time the URL is shown); Revoke its delete (the
 * server keeps the feed, revoked, so the list is read again to show when).
 */
import { useState } from 'react';
import { ListBase, useCreate, useGetList, useListContext } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { errorMessage } from '@/providers/httpClient';
import type { CalendarFeed, CalendarFeedInput, ClassRecord, CreatedCalendarFeed } from '@/providers/types';
import { SecretOnce, fmtDateTime } from './SecretOnce';
import { IntegrationSection, ItemsTable, RevokeCell } from './IntegrationSection';
import { useRevoke } from './useRevoke';
import { FEED_URL_NOTICE, describeFeed } from './calendarFeeds';

const RESOURCE = 'calendar-feeds';

/** Calendar feeds (ICS subscriptions with a secret URL) of the organization or of one class; revoke stops a URL. */
export function CalendarFeedsSection() {
  return (
    // Every feed on one page, newest first, as the section always listed them.
    <ListBase<CalendarFeed> resource={RESOURCE} sort={{ field: 'createdAt', order: 'DESC' }} perPage={1000} disableSyncWithLocation>
      <CalendarFeeds />
    </ListBase>
  );
}

function CalendarFeeds() {
  const feeds = useListContext<CalendarFeed>();
  const classes = useGetList<ClassRecord>('classes', { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' } });
  const [create, { isPending: creating }] = useCreate<CalendarFeedInput, unknown, CreatedCalendarFeed>();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<string>('organization');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const {
    revoking,
    setRevoking,
    revoke,
    busy: revokingNow,
  } = useRevoke<CalendarFeed>(RESOURCE, 'Failed to revoke the calendar feed. Please try again', setListError);
  const describe = (f: CalendarFeed) => describeFeed(f, classes.data);

  const openCreate = () => {
    setTarget('organization');
    setDialogError(null);
    setCreated(null);
    setOpen(true);
  };
  const submit = () => {
    setDialogError(null);
    void create(
      RESOURCE,
      { data: target === 'organization' ? { scope: 'organization' } : { scope: 'class', classId: target } },
      {
        onSuccess: (feed) => setCreated(feed),
        onError: (e) => setDialogError(errorMessage(e, 'Failed to create the calendar feed. Please try again')),
      },
    );
  };

  return (
    <IntegrationSection
      title="Calendar feeds"
      createLabel="Create calendar feed"
      onCreate={openCreate}
      error={listError}
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
        busy={creating}
        error={dialogError}
        onSubmit={created ? () => setOpen(false) : submit}
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
        busy={revokingNow}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </IntegrationSection>
  );
}
