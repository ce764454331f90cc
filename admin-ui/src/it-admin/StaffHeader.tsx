import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppBar, Box, Button, Chip, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import RefreshIcon from '@mui/icons-material/Refresh';
import { staffApi } from '@/it-admin/staffApi';
import { clearStaffSession, getStaffUsername } from '@/it-admin/staffSession';

/** The portal's bar: title, the signed-in staff account, Refresh and Sign Out (spec 3 §2.12). */
export function StaffHeader({ onRefresh, children }: { onRefresh?: () => void; children?: ReactNode }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    // The token is revoked on the server when it can be; the staff session ends here either way.
    await staffApi.signOut().catch(() => undefined);
    clearStaffSession();
    navigate('/it-admin/login', { replace: true });
  };
  return (
    <AppBar
      position="static"
      color="default"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.900', color: 'common.white' }}
    >
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="div" sx={{ mr: 1 }}>
          IT Admin Portal
        </Typography>
        <Chip size="small" label={getStaffUsername() ?? 'staff'} sx={{ bgcolor: 'grey.700', color: 'common.white' }} />
        <Box sx={{ flex: 1 }} />
        {children}
        {onRefresh && (
          <Button color="inherit" startIcon={<RefreshIcon />} onClick={onRefresh}>
            Refresh
          </Button>
        )}
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={signOut} disabled={busy}>
          Sign Out
        </Button>
      </Toolbar>
    </AppBar>
  );
}
