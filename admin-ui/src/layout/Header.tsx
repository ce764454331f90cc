import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLogout, useTranslate } from 'react-admin';
import {
  AppBar,
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import { ShareLinkDialog } from '@/common/ShareLink';
import { ADMIN_NAV } from '@/layout/navItems';
import { LanguageSwitcher } from '@/layout/LanguageSwitcher';
import { useSession } from '@/session/SessionContext';

/** Header of spec 3 §2.13: branding, Home/Classes, Welcome, Admin Mode badge, role links, Logout. */
export function Header({ area }: { area: 'admin' | 'teacher' }) {
  const { user, branding } = useSession();
  const logout = useLogout();
  const translate = useTranslate();
  const location = useLocation();
  const [drawer, setDrawer] = useState(false);
  const [share, setShare] = useState(false);
  const isDesktop = useMediaQuery((t: Theme) => t.breakpoints.up('lg'));
  const isAdmin = user?.role === 'admin';
  const isTeacher = user?.role === 'teacher';
  const orgId = user?.organizationId ?? null;
  const fg = branding.headerTextColor;

  const roleLinks: { label: string; to?: string; onClick?: () => void }[] = [];
  if (isAdmin) roleLinks.push({ label: translate('admin.header.adminDashboard'), to: '/admin' });
  if (isTeacher || (isAdmin && area === 'teacher')) {
    roleLinks.push(
      { label: translate('admin.header.teacherDashboard'), to: '/teacher' },
      { label: translate('admin.header.todaysClasses'), to: '/teacher/today' },
    );
  }
  if (isTeacher) roleLinks.push({ label: translate('admin.header.shareLink'), onClick: () => setShare(true) });

  const publicLinks = [
    { label: translate('admin.header.home'), href: '/' },
    ...(orgId ? [{ label: translate('admin.header.classes'), href: `/org/${orgId}` }] : []),
  ];
  const welcome = translate('admin.header.welcome', { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' });

  return (
    <>
      <AppBar position="sticky" elevation={0} sx={{ bgcolor: branding.headerBackgroundColor, color: fg }}>
        <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
          <Stack direction="row" alignItems="center" spacing={1.5} sx={{ minWidth: 0, flexShrink: 1 }}>
            {branding.logoUrl && (
              <Box
                component="img"
                src={branding.logoUrl}
                alt=""
                sx={{ height: 40, maxWidth: 120, objectFit: 'contain', borderRadius: 1 }}
              />
            )}
            <Box minWidth={0}>
              <Typography variant="h6" component="div" noWrap sx={{ lineHeight: 1.2, color: fg }}>
                {branding.businessName}
              </Typography>
              {branding.slogan && (
                <Typography
                  variant="caption"
                  noWrap
                  component="div"
                  sx={{ opacity: 0.85, display: { xs: 'none', sm: 'block' }, color: fg }}
                >
                  {branding.slogan}
                </Typography>
              )}
            </Box>
            {isAdmin && (
              <Chip
                label={translate('admin.header.adminMode')}
                size="small"
                sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: fg, fontWeight: 600, border: `1px solid ${fg}55` }}
              />
            )}
          </Stack>
          <Box flex={1} />
          {isDesktop ? (
            <Stack direction="row" alignItems="center" spacing={0.5}>
              {publicLinks.map((l) => (
                <Button key={l.label} href={l.href} sx={{ color: fg }}>
                  {l.label}
                </Button>
              ))}
              {roleLinks.map((l) =>
                l.to ? (
                  <Button key={l.label} component={RouterLink} to={l.to} sx={{ color: fg }}>
                    {l.label}
                  </Button>
                ) : (
                  <Button key={l.label} onClick={l.onClick} sx={{ color: fg }}>
                    {l.label}
                  </Button>
                ),
              )}
              <Typography variant="body2" sx={{ px: 1.5, color: fg, opacity: 0.9 }}>
                {welcome}
              </Typography>
              <LanguageSwitcher color={fg} />
              <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => logout()} sx={{ color: fg, borderColor: `${fg}88` }}>
                {translate('admin.header.logout')}
              </Button>
            </Stack>
          ) : (
            <Stack direction="row" alignItems="center" spacing={0.5}>
              <LanguageSwitcher color={fg} />
              <IconButton aria-label={translate('admin.header.openMenu')} onClick={() => setDrawer(true)} sx={{ color: fg }}>
                <MenuIcon />
              </IconButton>
            </Stack>
          )}
        </Toolbar>
        {area === 'admin' && isDesktop && (
          <Box sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}>
            <Stack
              component="nav"
              aria-label={translate('admin.header.sections')}
              direction="row"
              spacing={0.5}
              sx={{ px: 2, maxWidth: 1400, mx: 'auto', overflowX: 'auto' }}
            >
              {ADMIN_NAV.map((item) => {
                const active = item.match(location.pathname);
                return (
                  <Button
                    key={item.to}
                    component={RouterLink}
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    sx={{
                      borderRadius: 0,
                      py: 1.25,
                      px: 2,
                      color: active ? 'primary.main' : 'text.secondary',
                      borderBottom: 2,
                      borderColor: active ? 'primary.main' : 'transparent',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {translate(item.label)}
                  </Button>
                );
              })}
            </Stack>
          </Box>
        )}
      </AppBar>
      <Drawer anchor="right" open={drawer} onClose={() => setDrawer(false)}>
        <Box sx={{ width: 280 }} role="presentation" onClick={() => setDrawer(false)}>
          <Box sx={{ p: 2 }}>
            <Typography fontWeight={600}>{welcome}</Typography>
            {isAdmin && <Chip label={translate('admin.header.adminMode')} size="small" color="primary" sx={{ mt: 1 }} />}
          </Box>
          <Divider />
          <List component="nav" aria-label={translate('admin.header.menu')}>
            {area === 'admin' &&
              ADMIN_NAV.map((item) => (
                <ListItemButton key={item.to} component={RouterLink} to={item.to} selected={item.match(location.pathname)}>
                  <ListItemText primary={translate(item.label)} />
                </ListItemButton>
              ))}
            {area === 'admin' && <Divider />}
            {roleLinks.map((l) =>
              l.to ? (
                <ListItemButton key={l.label} component={RouterLink} to={l.to}>
                  <ListItemText primary={l.label} />
                </ListItemButton>
              ) : (
                <ListItemButton key={l.label} onClick={l.onClick}>
                  <ListItemText primary={l.label} />
                </ListItemButton>
              ),
            )}
            {publicLinks.map((l) => (
              <ListItemButton key={l.label} component="a" href={l.href}>
                <ListItemText primary={l.label} />
              </ListItemButton>
            ))}
            <Divider />
            <ListItemButton onClick={() => logout()}>
              <LogoutIcon fontSize="small" style={{ marginRight: 12 }} />
              <ListItemText primary={translate('admin.header.logout')} />
            </ListItemButton>
          </List>
        </Box>
      </Drawer>
      <ShareLinkDialog open={share} onClose={() => setShare(false)} organizationId={orgId} />
    </>
  );
}
