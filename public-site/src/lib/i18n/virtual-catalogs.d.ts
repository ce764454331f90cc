// The modules the i18n catalogs plugin (public-site/i18nCatalogs.plugin.ts) makes from shared/i18n.
declare module 'virtual:i18n-catalogs' {
  import type { Messages } from '@lingui/core';
  export const loaders: Record<string, () => Promise<{ messages: Messages }>>;
}
declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
