export interface NavItem {
  /** Catalog key (shared/i18n/<language>/admin.json). */
  label: string;
  to: string;
  /** Paths that should highlight this item. */
  match: (path: string) => boolean;
}

export const ADMIN_NAV: NavItem[] = [
  { label: 'admin.nav.dashboard', to: '/admin', match: (p) => p === '/admin' || p === '/admin/' || p === '/admin/dashboard' },
  { label: 'admin.nav.classes', to: '/admin/classes', match: (p) => p.startsWith('/admin/classes') },
  { label: 'admin.nav.students', to: '/admin/students', match: (p) => p.startsWith('/admin/students') },
  { label: 'admin.nav.communications', to: '/admin/communications', match: (p) => p.startsWith('/admin/communications') },
  { label: 'admin.nav.reports', to: '/admin/reports', match: (p) => p.startsWith('/admin/reports') },
  { label: 'admin.nav.receipts', to: '/admin/receipts', match: (p) => p.startsWith('/admin/receipts') },
  { label: 'admin.nav.subscription', to: '/admin/subscription', match: (p) => p.startsWith('/admin/subscription') },
  { label: 'admin.nav.team', to: '/admin/team', match: (p) => p.startsWith('/admin/team') },
  { label: 'admin.nav.settings', to: '/admin/settings', match: (p) => p.startsWith('/admin/settings') },
];
