/** Pages outside /admin and /teacher that later capabilities fill (IT-admin portal, subscription success). */
import { Box } from '@mui/material';
import { NotAvailable } from '@/common/NotAvailable';

export default function StandalonePages({ page }: { page: 'it-admin' | 'subscription-success' }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', p: 2, bgcolor: 'background.default' }}>
      {page === 'it-admin' ? (
        <NotAvailable
          title="IT Admin Portal"
          message="The platform staff portal is not available yet in this version."
          backHref="/"
          backLabel="Back to home"
        />
      ) : (
        <NotAvailable
          title="Subscription"
          message="Subscription checkout is not available yet in this version."
          backHref="/admin"
          backLabel="Back to dashboard"
        />
      )}
    </Box>
  );
}
