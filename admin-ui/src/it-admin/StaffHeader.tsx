import { useState, type ReactNode } from 'react';
import { useLogout, useRefresh } from 'react-admin';
import { AppBar, Box, Button, Chip, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import RefreshIcon from '@mui/icons-material/Refresh';
import { getStaffUsername } from '@/it-admin/staffSession';

/** The portal's bar: title, the signed-in staff account, Refresh (reloads every query) and Sign Out (spec 3 §2.12). */
export function StaffHeader({ children }: { children?: ReactNode }) {
  const logout = useLogout();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const signOut = () => {
    setBusy(true);
    void logout();
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
        <Button color="inherit" startIcon={<RefreshIcon />} onClick={refresh}>
          Refresh
        </Button>
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={signOut} disabled={busy}>
          Sign Out
        </Button>
      </Toolbar>
    </AppBar>
  );
}
