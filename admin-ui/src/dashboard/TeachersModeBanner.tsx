import { Link as RouterLink } from 'react-router-dom';
import { Button, Paper, Stack, Typography } from '@mui/material';
import SchoolIcon from '@mui/icons-material/School';

export function TeachersModeBanner() {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', borderLeft: 4, borderLeftColor: 'secondary.main' }}
    >
      <SchoolIcon color="secondary" />
      <Stack flex={1} minWidth={200}>
        <Typography fontWeight={600}>Teachers Mode</Typography>
        <Typography variant="body2" color="text.secondary">
          See today's classes, take attendance and mark in-person payments.
        </Typography>
      </Stack>
      <Button component={RouterLink} to="/teacher" variant="contained" color="secondary">
        Open Teachers Mode
      </Button>
    </Paper>
  );
}
