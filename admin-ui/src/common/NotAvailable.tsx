import { Box, Button, Paper, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';

/**
 * Placeholder for screens delivered by later capabilities. The wording is deliberate: it says what is
 * missing in this version without promising dates.
 */
export function NotAvailable({
  title,
  message,
  backHref,
  backLabel,
}: {
  title: string;
  message: string;
  backHref?: string;
  backLabel?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720, mx: 'auto', mt: 2 }}>
      <ConstructionIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
      {backHref && (
        <Box mt={3}>
          <Button variant="outlined" href={backHref}>
            {backLabel ?? 'Back'}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
