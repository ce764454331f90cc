import { useState } from 'react';
import { ListBase, useDelete, useListContext } from 'react-admin';
import { Alert, Box, Button, MenuItem, Stack, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { FormTextField } from '@/common/formField';
import { errorMessage } from '@/providers/httpClient';
import type { Location, Room } from '@/providers/types';
import { SettingsSection } from '@/settings/SettingsSection';
import { RecordCreateForm } from './RecordForm';

const ALL = { perPage: 1000, sort: { field: 'name', order: 'ASC' as const }, disableSyncWithLocation: true };

/** Settings › Places: the organization's locations, each with its rooms; classes pick them in their form. */
export function LocationsSection() {
  return (
    <SettingsSection title="Locations and rooms" maxWidth={1060}>
      <Typography color="text.secondary">
        Where classes are held. A room is exclusive when it takes one class at a time (a studio); a shared space (a park) is not.
      </Typography>
      <ListBase<Room> resource="rooms" {...ALL}>
        <LocationsTable />
      </ListBase>
    </SettingsSection>
  );
}

function LocationsTable() {
  const rooms = useListContext<Room>();
  const [remove, { isPending }] = useDelete();
  const [error, setError] = useState<unknown>(null);
  const drop = (resource: 'locations' | 'rooms', record: Location | Room) =>
    void remove(resource, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', onError: setError });
  return (
    <ListBase<Location> resource="locations" {...ALL}>
      <LocationRows rooms={rooms.data ?? []} onDelete={drop} deleting={isPending} />
      {!!error && <Alert severity="error">{errorMessage(error, 'Failed to delete')}</Alert>}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3" fontWeight={600}>
            New location
          </Typography>
          <RecordCreateForm resource="locations" formId="location-form" defaults={{ name: '', address: '' }} submitLabel="Create location">
            <FormTextField source="name" label="Location name" />
            <FormTextField source="address" label="Address" />
          </RecordCreateForm>
        </Stack>
        <NewRoom />
      </Box>
    </ListBase>
  );
}

function LocationRows({
  rooms,
  onDelete,
  deleting,
}: {
  rooms: Room[];
  onDelete: (resource: 'locations' | 'rooms', record: Location | Room) => void;
  deleting: boolean;
}) {
  const list = useListContext<Location>();
  return (
    <SimpleTable bare label="Locations" columns={[{ label: 'Location' }, { label: 'Rooms' }, { label: '' }]}>
      <TableBody>
        {(list.data ?? []).map((l) => (
          <TableRow key={l.id}>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <Typography fontWeight={600}>{l.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {l.address}
              </Typography>
            </TableCell>
            <TableCell>
              {rooms
                .filter((r) => r.locationId === l.id)
                .map((r) => (
                  <Stack key={r.id} direction="row" spacing={1} alignItems="center">
                    <Typography variant="body2">
                      {r.name}
                      {r.capacity ? ` · ${r.capacity} people` : ''}
                      {r.exclusive ? '' : ' · shared'}
                    </Typography>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Delete room ${r.name}`}
                      onClick={() => onDelete('rooms', r)}
                      disabled={deleting}
                    >
                      Delete
                    </Button>
                  </Stack>
                ))}
            </TableCell>
            <TableCell align="right" sx={{ verticalAlign: 'top' }}>
              <Button
                size="small"
                color="error"
                aria-label={`Delete location ${l.name}`}
                onClick={() => onDelete('locations', l)}
                disabled={deleting}
              >
                Delete
              </Button>
            </TableCell>
          </TableRow>
        ))}
        {list.data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={3}>No locations yet</TableCell>
          </TableRow>
        )}
      </TableBody>
    </SimpleTable>
  );
}

function NewRoom() {
  const locations = useListContext<Location>();
  const number = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3" fontWeight={600}>
        New room
      </Typography>
      <RecordCreateForm
        resource="rooms"
        formId="room-form"
        defaults={{ locationId: '', name: '', capacity: '', exclusive: 'true' }}
        submitLabel="Create room"
        transform={(v) => ({ ...v, capacity: number(v.capacity), exclusive: v.exclusive === 'true' })}
      >
        <FormTextField source="locationId" label="At location" select>
          {(locations.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField source="name" label="Room name" />
        <FormTextField source="capacity" label="Capacity" type="number" hint="Optional" slotProps={{ htmlInput: { min: 1, step: 1 } }} />
        <FormTextField source="exclusive" label="Bookings" select>
          <MenuItem value="true">One class at a time</MenuItem>
          <MenuItem value="false">Shared by several classes</MenuItem>
        </FormTextField>
      </RecordCreateForm>
    </Stack>
  );
}
