import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';

/** A list screen's title row: the h1 (and what goes under it) on the left, the main action button on the right. */
export function PageHeader({
  title,
  below,
  action,
  actionIcon,
  onAction,
}: {
  title: string;
  below?: ReactNode;
  action: string;
  actionIcon: ReactNode;
  onAction: () => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ xs: 'stretch', sm: 'center' }} spacing={1}>
      <Box>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {below}
      </Box>
      <Button variant="contained" size="large" startIcon={actionIcon} onClick={onAction}>
        {action}
      </Button>
    </Stack>
  );
}
