import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Chip, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { WaitingRoomLine } from '@/providers/types';
import { useSettings } from '@/settings/useSettings';

/** How often the card asks for the line's numbers while a line is live and the tab is visible. */
export const WAITING_ROOM_POLL_MS = 5_000;

/** Where the rate is changed: Settings › Terms, its waiting-room section. */
export const WAITING_ROOM_SETTINGS_LINK = '/admin/settings?tab=terms#waiting-room';

/**
 * A line is live while its room is on (the organization has not turned it off) and either its last place is still
 * to be let in or the opening is within the room's minutes (newcomers may still take places).
 */
export function isLiveLine(line: WaitingRoomLine, now: number): boolean {
  if (line.waitingRoomUntil === null) return false;
  const clears = line.lineClearsAt === null ? null : new Date(line.lineClearsAt).getTime();
  return (clears !== null && clears > now) || now < new Date(line.waitingRoomUntil).getTime();
}

/**
 * The organization's opening lines, asked again every 5 s while one is live. Polling stops when none is (a line
 * becomes live again only at an opening, which the admin finds on the next visit of the dashboard) and while the tab
 * is hidden (React Query skips interval fetches in the background); coming back to the tab asks at once.
 */
export function useWaitingRoomLines() {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['waiting-room', 'lines'],
    queryFn: () => dp.getWaitingRoomLines(),
    refetchInterval: (query) => ((query.state.data ?? []).some((l) => isLiveLine(l, Date.now())) ? WAITING_ROOM_POLL_MS : false),
    refetchIntervalInBackground: false,
    // Not a form: a fresh count when the admin comes back to the tab is what they want.
    refetchOnWindowFocus: true,
  });
}

const count = new Intl.NumberFormat('en-US');

const time = (iso: string, timeZone: string | undefined) =>
  new Date(iso).toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });

/** 'Saturday, November 28 at 6:00 AM', as the opening's own texts say it. */
const moment = (iso: string, timeZone: string | undefined) =>
  `${new Date(iso).toLocaleDateString('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' })} at ${time(iso, timeZone)}`;

/** One figure as a tile; `wide` takes the whole row on a phone (two tiles a row there, so the third does not sit alone). */
function Figure({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  // The space between label and value keeps the tile's text one phrase ('In line now: 1,234') for tests and copy.
  return (
    <Box
      sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', gridColumn: wide ? { xs: '1 / -1', sm: 'auto' } : undefined }}
      data-testid="waiting-room-figure"
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>{' '}
      <Typography variant="h5" component="div" sx={{ mt: 0.5, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
        {value}
      </Typography>
    </Box>
  );
}

function LineFigures({ line, zone, now }: { line: WaitingRoomLine; zone: string | undefined; now: number }) {
  const opened = new Date(line.opensAt).getTime() <= now;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {opened ? 'Opened' : 'Opens'} {moment(line.opensAt, zone)} · the waiting room is on until {time(line.waitingRoomUntil!, zone)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        <Figure label="In line now:" value={count.format(line.inLineNow)} />
        <Figure label="Let in so far:" value={count.format(line.letInSoFar)} />
        {line.lineClearsAt ? (
          <Figure label="Line clears at" value={time(line.lineClearsAt, zone)} wide />
        ) : (
          <Figure label="Line:" value="No wait" wide />
        )}
      </Box>
      <Typography variant="body2">
        Letting in {count.format(line.admitPerMinute)} a minute ·{' '}
        <Link component={RouterLink} to={WAITING_ROOM_SETTINGS_LINK}>
          Change the rate
        </Link>
      </Typography>
    </Stack>
  );
}

/**
 * The opening's waiting room, live: for each opening whose line is live, the people in line now, those let in so far,
 * when the line clears and the rate, with the way to the rate's setting. Nothing at all when no line is live. Times are
 * in the organization's time zone (the opening's own); the zone is named when the browser's differs.
 */
export function WaitingRoomCard() {
  const lines = useWaitingRoomLines();
  // Each fetch re-renders (dataUpdatedAt changes), so a room that ends between two fetches leaves at the next one.
  const now = Math.max(Date.now(), lines.dataUpdatedAt);
  const live = (lines.data ?? []).filter((l) => isLiveLine(l, now));
  return live.length ? <LiveLines live={live} now={now} /> : null;
}

/**
 * The card itself; it reads the organization's time zone (its settings) only when there is a line to show, and waits
 * for it so the times do not change zone under the admin's eyes (if the settings cannot be read: the browser's zone).
 */
function LiveLines({ live, now }: { live: WaitingRoomLine[]; now: number }) {
  const settings = useSettings();
  if (settings.isPending) return null;
  const zone = settings.data ? (settings.data.timeZone ?? settings.data.defaultTimeZone) : undefined;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.main' }}
      component="section"
      aria-labelledby="waiting-room-live"
      data-testid="waiting-room-card"
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
          <Typography variant="h6" component="h2" id="waiting-room-live">
            Waiting room
          </Typography>
          <Chip label="Live" color="success" size="small" />
          {zone && zone !== browserZone && (
            <Typography variant="caption" color="text.secondary">
              Times in {zone.replace(/_/g, ' ')}
            </Typography>
          )}
        </Stack>
        {live.map((line, i) => (
          <Fragment key={line.opensAt}>
            {i > 0 && <Divider />}
            <LineFigures line={line} zone={zone} now={now} />
          </Fragment>
        ))}
      </Stack>
    </Paper>
  );
}
