import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DialogContentText } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { FormDialog } from '@/common/FormDialog';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import { useSession } from '@/session/SessionContext';
import type { CreatedCalendarFeed } from '@/providers/types';
import { CALENDAR_FEED_KEYS, FEED_URL_NOTICE, rotateCalendarFeed } from '@/integrations/calendarFeeds';
import { SecretOnce, fmtDateTime } from '@/integrations/SecretOnce';

/**
 * 'Subscribe to my calendar': the teacher's own feed (the sessions they teach). The server shows a feed's URL only
 * when it is made, so an existing feed cannot be shown again: a new link rotates its secret (the old URL stops
 * answering at once, so only one link to the teacher's schedule is ever in circulation).
 */
export function TeacherCalendarFeed() {
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const userId = useSession().user?.id;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const feeds = useQuery({ queryKey: CALENDAR_FEED_KEYS, queryFn: () => dp.getCalendarFeeds(), enabled: open });
  const mine = (feeds.data ?? []).filter((f) => f.scope === 'teacher' && f.userId === userId && !f.revokedAt);

  const makeLink = async () => {
    setBusy(true);
    setError(null);
    try {
      // The same feed with a new secret (the old URL stops at once); any older extra feeds go.
      const [current, ...extra] = mine;
      for (const old of extra) await dp.revokeCalendarFeed(old.id);
      setCreated(current ? await rotateCalendarFeed(current.id) : await dp.createCalendarFeed({ scope: 'teacher' }));
      void qc.invalidateQueries({ queryKey: CALENDAR_FEED_KEYS });
    } catch (e) {
      setError(errorMessage(e, 'Failed to create your calendar link. Please try again'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EventIcon />}
        onClick={() => {
          setCreated(null);
          setError(null);
          setOpen(true);
        }}
      >
        Subscribe to my calendar
      </Button>
      <FormDialog
        open={open}
        title="Subscribe to my calendar"
        onClose={() => setOpen(false)}
        submitLabel={created ? 'Done' : mine.length ? 'Make a new link' : 'Create my calendar link'}
        cancelLabel={created ? 'Close' : 'Cancel'}
        busy={busy || (open && feeds.isPending)}
        error={error}
        onSubmit={created ? () => setOpen(false) : () => void makeLink()}
      >
        {created ? (
          <SecretOnce label="Feed URL" copyLabel="Copy feed URL" value={created.url} notice={FEED_URL_NOTICE} />
        ) : mine.length ? (
          <DialogContentText>
            You made a calendar link on {fmtDateTime(mine[0].createdAt)}. For your privacy its address is shown only once. A new link
            replaces it: calendars subscribed to the old one stop updating.
          </DialogContentText>
        ) : (
          <DialogContentText>
            Get a private link that puts all the sessions you teach in Google Calendar, Outlook or Apple Calendar and keeps them up to date.
          </DialogContentText>
        )}
      </FormDialog>
    </>
  );
}
