/**
 * Moving one session, or giving it another room or instructor (PUT /api/class-sessions/{id}). A room booked at that
 * time is refused (ROOM_CONFLICT, the message names the other class); an instructor teaching elsewhere then is a
 * warning the admin can override ("Save anyway" sends allowInstructorConflict).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { FormDialog } from '@/common/FormDialog';
import { ZonedDateTimeField } from '@/common/ZonedDateTimeField';
import { fromZonedInput, toZonedInput } from '@/common/zonedTime';
import { errorCode, errorMessage } from '@/providers/httpClient';
import type { ClassSession, Instructor, Room, SessionUpdateInput } from '@/providers/types';
import { updateSession } from './scheduleApi';

const ALL = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };
/** The select's value for "the class's own room / instructor" (null on the wire). */
const CLASS_OWN = '';
/** The "class's own" choice is an empty value: shown as its text, with the label above it. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

export function SessionEditDialog({
  session,
  zone,
  onClose,
  onSaved,
}: {
  session: ClassSession;
  zone: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const rooms = useGetList<Room>('rooms', ALL);
  const instructors = useGetList<Instructor>('instructors', ALL);
  const [startsAt, setStartsAt] = useState(toZonedInput(session.startsAt, zone));
  const [endsAt, setEndsAt] = useState(toZonedInput(session.endsAt, zone));
  const [roomId, setRoomId] = useState(session.roomId ?? CLASS_OWN);
  const [instructorId, setInstructorId] = useState(session.instructorId ?? CLASS_OWN);
  const [note, setNote] = useState(session.note);
  const save = useMutation({
    mutationFn: (allowInstructorConflict: boolean) => {
      const body: SessionUpdateInput = {
        startsAt: fromZonedInput(startsAt, zone) ?? undefined,
        endsAt: fromZonedInput(endsAt, zone) ?? undefined,
        roomId: roomId || null,
        instructorId: instructorId || null,
        note,
        ...(allowInstructorConflict ? { allowInstructorConflict: true } : {}),
      };
      return updateSession(session.id, body);
    },
    onSuccess: onSaved,
  });
  const warned = errorCode(save.error) === 'INSTRUCTOR_CONFLICT';
  return (
    <FormDialog
      open
      title={`Edit session ${session.sessionIndex + 1}`}
      onClose={onClose}
      submitLabel={warned ? 'Save anyway' : 'Save session'}
      busy={save.isPending}
      error={save.error && !warned ? errorMessage(save.error, 'Failed to save the session') : null}
      notice={warned ? <Alert severity="warning">{errorMessage(save.error, 'The instructor teaches elsewhere then')}</Alert> : null}
      onSubmit={() => save.mutate(warned)}
      submitDisabled={!startsAt || !endsAt}
    >
      <ZonedDateTimeField label="Starts" timeZone={zone} value={startsAt} onChange={setStartsAt} required />
      <ZonedDateTimeField label="Ends" timeZone={zone} value={endsAt} onChange={setEndsAt} required />
      <TextField select label="Room" slotProps={SHOW_EMPTY} value={roomId} onChange={(e) => setRoomId(e.target.value)}>
        <MenuItem value={CLASS_OWN}>The class's room</MenuItem>
        {rooms.data?.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.locationName} — {r.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Instructor" slotProps={SHOW_EMPTY} value={instructorId} onChange={(e) => setInstructorId(e.target.value)}>
        <MenuItem value={CLASS_OWN}>The class's instructor</MenuItem>
        {instructors.data?.map((i) => (
          <MenuItem key={i.id} value={i.id}>
            {i.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        inputProps={{ maxLength: 2000 }}
      />
    </FormDialog>
  );
}
