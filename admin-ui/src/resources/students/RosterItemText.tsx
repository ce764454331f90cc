import { ListItemText } from '@mui/material';
import { fullName } from '@/common/format';
import { rosterSecondary, type HouseholdFields } from '@/resources/students/household';

/** A person on a class roster: their name, and below it their household line (wrapped anywhere: it can be long). */
export function RosterItemText({ student }: { student: HouseholdFields & { firstName: string; lastName: string } }) {
  return (
    <ListItemText
      primary={fullName(student)}
      secondary={rosterSecondary(student)}
      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  );
}
