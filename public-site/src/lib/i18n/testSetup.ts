import { loaders } from 'virtual:i18n-catalogs';
import { i18n } from './i18n';

// The unit tests read the site in English, every namespace at hand (the app loads them page by page).
for (const [key, load] of Object.entries(loaders)) {
  if (key.startsWith('en/')) i18n.load('en', (await load()).messages);
}
i18n.activate('en');
