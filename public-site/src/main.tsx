import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from '@/app/App';
import { embedBase, reportHeightToParent } from '@/lib/embed';
import { prefetchPublic } from '@/lib/apiClient';
import { brandingPath, readCachedBranding } from '@/lib/branding';
import { prefetchClass, prefetchClasses } from '@/lib/publicApi';
import { queryParam } from '@/lib/routing';
import { activateLocale } from '@/lib/i18n/i18n';
import { browserLocaleSources, chooseLocale } from '@/lib/i18n/chooseLocale';
import { I18nRoot } from '@/lib/i18n/I18nRoot';
import '@/styles/base.css';
import '@/styles/layout.css';

/** Start the first page's data now, in parallel with loading its code chunk. */
function prefetchFirstPage(): void {
  const { search } = window.location;
  const pathname = window.location.pathname.slice(embedBase(window.location.pathname).length);
  const org = /^\/org\/([^/]+)\/?$/.exec(pathname);
  if (org) {
    const id = decodeURIComponent(org[1]);
    prefetchClasses(id);
    if (!readCachedBranding(id)) prefetchPublic(brandingPath(id));
    return;
  }
  const cls = /^\/class\/([^/]+)\/?$/.exec(pathname);
  if (cls) {
    const orgId = queryParam(search, 'organizationId');
    prefetchClass(decodeURIComponent(cls[1]), orgId);
    if (orgId && !readCachedBranding(orgId)) prefetchPublic(brandingPath(orgId));
  }
}

prefetchFirstPage();

// Inside the booking widget every route lives under /embed/<organization id>, the addresses its sites may frame.
const base = embedBase(window.location.pathname);
if (base) {
  document.documentElement.classList.add('embedded');
  reportHeightToParent();
}

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nRoot>
        <Router base={base}>
          <App embedded={base !== ''} />
        </Router>
      </I18nRoot>
    </StrictMode>,
  );
}

// The visit's language first (its catalog is a small chunk; English is in the bundle): a page never flashes
// English before Spanish. Should the catalog fail to load, the page shows in English rather than not at all.
void activateLocale(chooseLocale(browserLocaleSources()))
  .catch(() => undefined)
  .finally(render);
