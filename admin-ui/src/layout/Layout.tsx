import { Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ErrorBoundary } from '@/common/ErrorBoundary';
import { LoadingScreen } from '@/common/LoadingScreen';
import { Footer } from '@/layout/Footer';
import { Header } from '@/layout/Header';

function Shell({ area, children }: { area: 'admin' | 'teacher'; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Header area={area} />
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 1400, mx: 'auto', px: { xs: 1.5, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        <ErrorBoundary>
          <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
      <Footer />
    </Box>
  );
}

export const AdminLayout = ({ children }: { children?: ReactNode }) => <Shell area="admin">{children}</Shell>;
export const TeacherLayout = ({ children }: { children?: ReactNode }) => <Shell area="teacher">{children}</Shell>;

/** Wrap a lazy screen with the loading message of its area (spec 3 §2.1): a catalog key, or a text shown as is. */
export function Area({ message, children }: { message: string; children?: ReactNode }) {
  const translate = useTranslate();
  return <Suspense fallback={<LoadingScreen message={translate(message, { _: message })} />}>{children}</Suspense>;
}
