import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from './i18n';

/** Re-renders the site in the new language when the switcher activates one. */
export function I18nRoot({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
