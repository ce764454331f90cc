import { Box, CircularProgress, Typography } from '@mui/material';

/** Full-area spinner with a message (spec 3 §2.1: per-area loading messages). */
export function LoadingScreen({ message = 'Loading...', fullPage = false }: { message?: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullPage ? '100vh' : 320,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress />
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}
