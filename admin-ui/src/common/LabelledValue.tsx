import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A read-only fact of a details panel: a small grey label above its value. */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}
