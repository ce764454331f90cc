import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

export function StatTile({
  label,
  value,
  note,
  noteColor = 'text.secondary',
  accent,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  noteColor?: string;
  accent?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.25, sm: 2 }, height: '100%', borderTop: 3, borderTopColor: accent ?? 'primary.main' }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h5" component="div" sx={{ mt: 0.5, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color={noteColor} component="div" fontWeight={600}>
          {note}
        </Typography>
      )}
    </Paper>
  );
}
