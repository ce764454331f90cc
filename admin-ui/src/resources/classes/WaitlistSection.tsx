import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { Alert, Box, Button, Chip, IconButton, List, ListItem, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { formatDateTime, fullName } from '@/common/format';
import { useQuery } from '@tanstack/react-query';
import { useTimedMessage } from '@/common/useTimedMessage';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import { formatPhone } from '@/resources/students/studentUtils';
import type { ClassRecord, WaitlistEntry, WaitlistStatus } from '@/providers/types';

export const WAITLIST_EMPTY = 'No one is on the waitlist.';

const STATUS_LABEL: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Seat offered',
  accepted: 'Registered',
  // Registered with the offer, and that registration ended later: the entry says so instead of 'Registered'.
  registration_cancelled: 'Registration cancelled',
  registration_lapsed: 'Accepted, card payment not completed',
  lapsed: 'Offer lapsed',
  removed: 'Removed',
  left: 'Left the list',
};

/** Waiting and offered entries in their order; the rest (registered or no longer, lapsed, removed, left) are history. */
export function splitWaitlist(entries: WaitlistEntry[]): { active: WaitlistEntry[]; past: WaitlistEntry[] } {
  const isActive = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered';
  const active = entries.filter(isActive).sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity));
  const past = entries.filter((e) => !isActive(e)).sort((a, b) => b.joinedAt.localeCompare(a.joinedAt));
  return { active, past };
}

type Action = 'offer' | 'up' | 'down' | 'remove';

/**
 * The class panel's waitlist: who waits, in which order, how to reach them, since when, and the offer
 * each holds with its expiry. The server offers freed seats by itself; the admin can offer one now, reorder, or remove
 * an entry (an offered entry's held seat then goes to the next person). Only the organization's admins see it.
 */
export function WaitlistSection({ record }: { record: ClassRecord }) {
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  // Reloaded whenever the class record changes (a seat taken or freed elsewhere).
  const list = useQuery({
    queryKey: ['classes', 'waitlist', record.id, record.updatedAt ?? '', record.enrolledStudents],
    queryFn: () => dp.getWaitlist(record.id),
  });
  const [busy, setBusy] = useState<{ id: string; action: Action } | null>(null);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [notice, setNotice] = useTimedMessage(4000);
  const { active, past } = splitWaitlist(list.data ?? []);
  const held = active.filter((e) => e.status === 'offered').length;

  async function run(entry: WaitlistEntry, action: Action) {
    if (busy) return;
    setBusy({ id: entry.id, action });
    setFailure(null);
    setDone(null);
    const name = fullName(entry);
    try {
      if (action === 'offer') await dp.offerWaitlistSeat(entry.id);
      else if (action === 'remove') await dp.removeWaitlistEntry(entry.id);
      else await dp.moveWaitlistEntry(entry.id, (entry.position ?? 1) + (action === 'up' ? -1 : 1));
      const text =
        action === 'offer'
          ? `A seat is offered to ${name}.`
          : action === 'remove'
            ? `${name} was removed from the waitlist.`
            : `${name} moved ${action}.`;
      if (action === 'up' || action === 'down') setNotice(text);
      else setDone(text);
      setRemoving(null);
      await list.refetch();
      // An offer holds a seat and a removal may free one: the panel's seat count must follow.
      if (action === 'offer' || action === 'remove') refresh();
    } catch (e) {
      setFailure(errorMessage(e, 'The waitlist could not be changed. Please try again.'));
      setRemoving(null);
    } finally {
      setBusy(null);
    }
  }

  const isBusy = (entry: WaitlistEntry, action: Action) => busy?.id === entry.id && busy.action === action;
  return (
    <Box component="section" aria-labelledby={`waitlist-title-${record.id}`} mt={2}>
      <Typography variant="subtitle2" component="h3" id={`waitlist-title-${record.id}`} gutterBottom>
        Waitlist ({active.length})
      </Typography>
      {held > 0 && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {held === 1 ? '1 seat is' : `${held} seats are`} held for waitlist offers (counted in the enrollment) until accepted or lapsed.
        </Typography>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 1 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      <Box role="status" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {notice ?? ''}
      </Box>
      {list.isPending ? (
        <Skeleton />
      ) : list.error ? (
        <Alert severity="error">Failed to load the waitlist</Alert>
      ) : active.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {WAITLIST_EMPTY}
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Waitlist">
          {active.map((entry, index) => {
            const name = fullName(entry);
            const offered = entry.status === 'offered';
            return (
              <ListItem key={entry.id} disableGutters divider sx={{ display: 'block', py: 1 }} data-testid="waitlist-entry">
                <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                  <Typography variant="body2" fontWeight={600} component="span">
                    {entry.position}. {name}
                  </Typography>
                  <Chip
                    size="small"
                    label={STATUS_LABEL[entry.status]}
                    color={offered ? 'warning' : 'default'}
                    variant={offered ? 'filled' : 'outlined'}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {entry.email}
                  {entry.phone ? ` · ${formatPhone(entry.phone)}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  Joined {formatDateTime(entry.joinedAt)}
                  {offered && entry.offerExpiresAt ? ` · Offer expires ${formatDateTime(entry.offerExpiresAt)}` : ''}
                </Typography>
                <Stack direction="row" spacing={0.5} mt={0.5} alignItems="center" flexWrap="wrap" useFlexGap>
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${name} up`}
                        disabled={index === 0 || Boolean(busy)}
                        onClick={() => void run(entry, 'up')}
                      >
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${name} down`}
                        disabled={index === active.length - 1 || Boolean(busy)}
                        onClick={() => void run(entry, 'down')}
                      >
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  {!offered && (
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<EventSeatIcon />}
                      disabled={Boolean(busy)}
                      onClick={() => void run(entry, 'offer')}
                      aria-label={`Offer seat now to ${name}`}
                    >
                      {isBusy(entry, 'offer') ? 'Offering...' : 'Offer seat now'}
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="error"
                    startIcon={<PersonRemoveIcon />}
                    disabled={Boolean(busy)}
                    onClick={() => setRemoving(entry)}
                    aria-label={`Remove ${name} from the waitlist`}
                  >
                    Remove
                  </Button>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}
      {past.length > 0 && (
        <Box mt={1.5}>
          <Typography variant="caption" color="text.secondary" component="h4" sx={{ m: 0, fontWeight: 600 }}>
            Earlier entries
          </Typography>
          <List dense disablePadding aria-label="Earlier waitlist entries">
            {past.slice(0, 10).map((entry) => (
              <ListItem key={entry.id} disableGutters sx={{ py: 0.25 }}>
                <Typography variant="body2" color="text.secondary">
                  {fullName(entry)} · {STATUS_LABEL[entry.status]}
                  {entry.registrationCancelledAt ? ` on ${formatDateTime(entry.registrationCancelledAt)}` : ''} · joined{' '}
                  {formatDateTime(entry.joinedAt)}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove from waitlist"
        message={
          removing
            ? `Remove ${fullName(removing)} from the waitlist?${
                removing.status === 'offered' ? ' The seat held for them goes to the next person on the list.' : ''
              }`
            : ''
        }
        confirmLabel="Remove"
        busy={Boolean(removing && isBusy(removing, 'remove'))}
        onConfirm={() => removing && void run(removing, 'remove')}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
