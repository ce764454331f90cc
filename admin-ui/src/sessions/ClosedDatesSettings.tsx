/**
 * Settings › Terms › Closed dates: the organization's holidays. A new class's schedule skips them and adds a session
 * at the end; sessions already on a new closed date are listed here for the admin to cancel (students told) or keep.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { ClosedDate } from '@/providers/types';
import { formatInZone } from '@/common/zonedTime';
import { SettingsSection } from '@/settings/SettingsSection';

const KEY = ['closed-dates'];

export function ClosedDatesSettings({ zone }: { zone: string }) {
  const dp = useAppDataProvider();
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => dp.getClosedDates() });
  const [name, setName] = useState('');
  const [date, setDate] = useState('');
  const add = useMutation({
    mutationFn: () => dp.addClosedDate(name.trim(), date),
    onSuccess: () => {
      setName('');
      setDate('');
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => dp.removeClosedDate(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });

  return (
    <SettingsSection title="Closed dates" maxWidth={1060}>
      <Typography color="text.secondary">
        Days your organization holds no class (holidays). A new class skips them and adds a session at the end, so it keeps its number of
        sessions. Sessions already booked on a closed date are listed under it: cancel them (students are told) or keep them.
      </Typography>
      {list.error && <Alert severity="error">{errorMessage(list.error, 'Failed to load closed dates')}</Alert>}
      {list.data?.length === 0 && <Typography>No closed dates yet.</Typography>}
      {list.data?.map((d) => (
        <ClosedDateRow key={d.id} closed={d} zone={zone} onRemove={() => remove.mutate(d.id)} removing={remove.isPending} />
      ))}
      {remove.error && <Alert severity="error">{errorMessage(remove.error, 'Failed to remove the closed date')}</Alert>}
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ sm: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <TextField label="Holiday" value={name} onChange={(e) => setName(e.target.value)} required size="small" />
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained" disabled={add.isPending || !name.trim() || !date}>
          Add closed date
        </Button>
      </Stack>
      {add.error && <Alert severity="error">{errorMessage(add.error, 'Failed to add the closed date')}</Alert>}
    </SettingsSection>
  );
}

/** One closed date with the sessions still booked on it, each of which can be cancelled from here. */
function ClosedDateRow({
  closed,
  zone,
  onRemove,
  removing,
}: {
  closed: ClosedDate;
  zone: string;
  onRemove: () => void;
  removing: boolean;
}) {
  const dp = useAppDataProvider();
  const client = useQueryClient();
  const key = ['closed-dates', closed.id, 'sessions'];
  const affected = useQuery({ queryKey: key, queryFn: () => dp.getClosedDateSessions(closed.id) });
  const cancel = useMutation({
    mutationFn: (sessionId: string) => dp.cancelSession(sessionId, `Closed: ${closed.name}`, true),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1} flexWrap="wrap">
        <Typography>
          <strong>{closed.name}</strong> · {closed.date}
        </Typography>
        <Button size="small" color="error" onClick={onRemove} disabled={removing} aria-label={`Remove closed date ${closed.name}`}>
          Remove
        </Button>
      </Stack>
      {affected.data?.map((s) => (
        <Stack key={s.id} direction="row" alignItems="center" gap={1} sx={{ pl: 2, mt: 0.5 }} flexWrap="wrap">
          <Typography variant="body2">
            A session is booked at {formatInZone(s.startsAt, zone, true)} (session {s.sessionIndex + 1})
          </Typography>
          <Button size="small" variant="outlined" onClick={() => cancel.mutate(s.id)} disabled={cancel.isPending}>
            Cancel session and tell students
          </Button>
        </Stack>
      ))}
      {cancel.error && <Alert severity="error">{errorMessage(cancel.error, 'Failed to cancel the session')}</Alert>}
    </Box>
  );
}
