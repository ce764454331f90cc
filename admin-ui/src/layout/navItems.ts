export interface NavItem {
  label: string;
  to: string;
  /** Paths that should highlight this item. */
  match: (path: string) => boolean;
}

export const ADMIN_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin', match: (p) => p === '/admin' || p === '/admin/' || p === '/admin/dashboard' },
  { label: 'Classes', to: '/admin/classes', match: (p) => p.startsWith('/admin/classes') },
  { label: 'Students', to: '/admin/students', match: (p) => p.startsWith('/admin/students') },
  { label: 'Communications', to: '/admin/communications', match: (p) => p.startsWith('/admin/communications') },
  { label: 'Reports', to: '/admin/reports', match: (p) => p.startsWith('/admin/reports') },
  { label: 'Subscription', to: '/admin/subscription', match: (p) => p.startsWith('/admin/subscription') },
  { label: 'Team', to: '/admin/team', match: (p) => p.startsWith('/admin/team') },
  { label: 'Settings', to: '/admin/settings', match: (p) => p.startsWith('/admin/settings') },
];
