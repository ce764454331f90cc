import { Stack } from '@mui/material';
import { InstructorsSection } from './InstructorsSection';
import { LocationsSection } from './LocationsSection';

/** Settings › Places and instructors: the records a class form picks its location, room and instructor from. */
export function PlacesTab() {
  return (
    <Stack spacing={2.5}>
      <LocationsSection />
      <InstructorsSection />
    </Stack>
  );
}
