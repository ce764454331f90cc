import { useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Grid, MenuItem } from '@mui/material';
import { FormTextField } from '@/common/formField';
import type { Instructor, Location, Room } from '@/providers/types';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/**
 * The class's instructor and place: picked from the organization's records (Settings › Places and instructors), or
 * typed as free text as before (a class written before the records, or a one-off place). A record picked hides the
 * free text: the class then says the record's name.
 */
export function ClassPlaceFields() {
  const instructors = useGetList<Instructor>('instructors', ALL);
  const locations = useGetList<Location>('locations', ALL);
  const rooms = useGetList<Room>('rooms', ALL);
  const [instructorId, locationId] = useWatch({ name: ['instructorId', 'locationId'] }) as [string, string];
  const roomsHere = (rooms.data ?? []).filter((r) => r.locationId === locationId);
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          source="instructorId"
          label="Pick a teacher"
          select
          hint={instructorId ? undefined : 'From Settings › Places and instructors, or type a name'}
        >
          <MenuItem value="">Type a name</MenuItem>
          {(instructors.data ?? []).map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.name}
            </MenuItem>
          ))}
        </FormTextField>
        {!instructorId && <FormTextField source="instructor" label="Instructor" required sx={{ mt: 2 }} />}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          source="locationId"
          label="Pick a venue"
          select
          hint={locationId ? undefined : 'From Settings › Places and instructors, or type a place'}
        >
          <MenuItem value="">Type a place</MenuItem>
          {(locations.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </FormTextField>
        {locationId ? (
          <FormTextField source="roomId" label="Room" select sx={{ mt: 2 }} hint="Optional">
            <MenuItem value="">No particular room</MenuItem>
            {roomsHere.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
                {r.capacity ? ` (${r.capacity} people)` : ''}
              </MenuItem>
            ))}
          </FormTextField>
        ) : (
          <FormTextField source="location" label="Location" required sx={{ mt: 2 }} />
        )}
      </Grid>
    </>
  );
}
