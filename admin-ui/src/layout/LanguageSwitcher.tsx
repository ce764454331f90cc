import { MenuItem, TextField } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { LANGUAGE_NAMES, LOCALES, matchLocale, rememberLocale, type Locale } from '@/i18n/locales';
import { httpClient } from '@/providers/httpClient';
import { storeUser } from '@/providers/session';
import { useSession } from '@/session/SessionContext';

/**
 * The header's language switcher (issue 42): the app changes language at once, and the choice is saved to the
 * person's profile (PUT /api/auth/profile), so it follows them to their other devices; this device remembers it too.
 */
export function LanguageSwitcher({ color }: { color: string }) {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const notify = useNotify();
  const { user, setUser } = useSession();

  async function choose(next: Locale) {
    setLocale(next);
    rememberLocale(next);
    if (!user) return;
    try {
      await httpClient('/api/auth/profile', { method: 'PUT', body: JSON.stringify({ language: next }) });
      const updated = { ...user, language: next };
      storeUser(updated);
      setUser(updated);
    } catch {
      notify('admin.language.saveFailed', { type: 'warning' });
    }
  }

  return (
    <TextField
      select
      size="small"
      variant="standard"
      label={translate('admin.language.label')}
      value={matchLocale(locale) ?? 'en'}
      onChange={(e) => void choose(e.target.value as Locale)}
      sx={{ width: 120, flex: 'none', mx: 1, '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color } }}
      slotProps={{ select: { inputProps: { 'data-testid': 'admin-language' } } }}
    >
      {LOCALES.map((l) => (
        <MenuItem key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </MenuItem>
      ))}
    </TextField>
  );
}
