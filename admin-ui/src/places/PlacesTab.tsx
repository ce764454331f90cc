import { Button, Stack } from '@mui/material';
import { Link } from 'react-router-dom';
import { InstructorPayDownload } from './InstructorPayDownload';
import { InstructorsSection } from './InstructorsSection';
import { LocationsSection } from './LocationsSection';

/** Settings › Places and instructors: the records a class form picks its location, room and instructor from. */
export function PlacesTab() {
  return (
    <Stack spacing={2.5}>
      <Stack direction="row" justifyContent="flex-end" spacing={1}>
        {/* What each room holds, a week at a time. */}
        <Button component={Link} to="/admin/room-calendar" variant="outlined">
          Room calendar
        </Button>
        {/* Rooms and instructors booked twice at once, across every class. */}
        <Button component={Link} to="/admin/conflicts" variant="outlined">
          See conflicts
        </Button>
      </Stack>
      <LocationsSection />
      <InstructorsSection />
      <InstructorPayDownload />
    </Stack>
  );
}
