/**
 * A class's sessions as records on its detail panel: each session's time, room, instructor and status, with Edit
 * (move it, another room or instructor, a note) and Cancel (students told). Replaces the computed date list.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { formatInZone } from '@/common/zonedTime';
import { useTimedMessage } from '@/common/useTimedMessage';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { ClassRecord, ClassSession, Instructor, Room } from '@/providers/types';
import { cancelledSummary, SessionCancelDialog } from './SessionCancelDialog';
import { SessionEditDialog } from './SessionEditDialog';

const ALL = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };
const timeOnly = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

export function ClassSessionsSection({ record, zone }: { record: ClassRecord; zone: string }) {
  const dp = useAppDataProvider();
  const client = useQueryClient();
  const key = ['classes', record.id, 'sessions', record.updatedAt ?? ''];
  const sessions = useQuery({ queryKey: key, queryFn: () => dp.getClassSessions(record.id) });
  const rooms = useGetList<Room>('rooms', ALL);
  const instructors = useGetList<Instructor>('instructors', ALL);
  const [editing, setEditing] = useState<ClassSession | null>(null);
  const [cancelling, setCancelling] = useState<ClassSession | null>(null);
  const [done, setDone] = useTimedMessage(4000);
  const reload = () => void client.invalidateQueries({ queryKey: ['classes', record.id, 'sessions'] });
  const roomName = (id: string | null) => {
    const r = rooms.data?.find((x) => x.id === id);
    return r ? r.name : null;
  };
  const instructorName = (id: string | null) => instructors.data?.find((x) => x.id === id)?.name ?? null;

  return (
    <Box mt={2} component="section" aria-label="Sessions">
      <Typography variant="subtitle2">Sessions</Typography>
      {done && (
        <Alert severity="success" sx={{ my: 1 }}>
          {done}
        </Alert>
      )}
      {sessions.isPending ? (
        <Skeleton />
      ) : sessions.error ? (
        <Alert severity="error">{errorMessage(sessions.error, 'Failed to load the sessions')}</Alert>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {sessions.data.map((s) => {
            const cancelled = s.status === 'cancelled';
            const room = roomName(s.roomId);
            const teacher = instructorName(s.instructorId);
            return (
              <li key={s.id}>
                <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap" sx={{ py: 0.25 }}>
                  <Typography variant="body2" sx={cancelled ? { textDecoration: 'line-through' } : undefined}>
                    {formatInZone(s.startsAt, zone, true)} – {timeOnly(s.endsAt, zone)}
                  </Typography>
                  {room && <Chip size="small" label={room} />}
                  {teacher && <Chip size="small" label={teacher} />}
                  {cancelled && <Chip size="small" color="error" label="Cancelled" />}
                  {s.note && (
                    <Typography variant="caption" color="text.secondary">
                      {s.note}
                    </Typography>
                  )}
                  {!cancelled && (
                    <Box sx={{ ml: 'auto' }}>
                      <Button size="small" onClick={() => setEditing(s)} aria-label={`Change session ${s.sessionIndex + 1}`}>
                        Change
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setCancelling(s)}
                        aria-label={`Cancel session ${s.sessionIndex + 1}`}
                      >
                        Cancel
                      </Button>
                    </Box>
                  )}
                </Stack>
              </li>
            );
          })}
        </Box>
      )}
      {editing && (
        <SessionEditDialog
          session={editing}
          zone={zone}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setDone(`Session ${editing.sessionIndex + 1} saved`);
            reload();
          }}
        />
      )}
      {cancelling && (
        <SessionCancelDialog
          session={cancelling}
          title={record.title}
          zone={zone}
          onClose={() => setCancelling(null)}
          onCancelled={(cancelled) => {
            setCancelling(null);
            setDone(cancelledSummary(cancelled));
            reload();
          }}
        />
      )}
    </Box>
  );
}
