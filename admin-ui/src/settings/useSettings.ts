import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { Settings, SettingsInput } from '@/providers/types';
import { errorMessage } from '@/providers/httpClient';
import { useTimedMessage } from '@/common/useTimedMessage';
import type { SaveStatus } from '@/settings/SettingsSection';

/** The query key of GET /api/settings in react-admin's query cache. */
export const SETTINGS_KEY = ['settings'] as const;

/** The organization's settings (GET /api/settings), through react-admin's data provider and query cache. */
export function useSettings() {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => dp.getSettings() });
}

/** Saves groups of settings (PUT /api/settings); the reply, the settings as saved, replaces the cached ones. */
export function useSaveSettings() {
  const dp = useDataProvider<AppDataProvider>();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsInput) => dp.saveSettings(body),
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
}

/**
 * One settings form's save: `submit(body)` sends its group of settings, runs `onSaved` with the settings as stored,
 * then shows `savedText` for three seconds; `status` is what the form's SaveRow shows (the refusal in words, or
 * `failure` when the server gave none).
 */
export function useSettingsForm(savedText: string, failure: string) {
  const save = useSaveSettings();
  const [success, setSuccess] = useTimedMessage(3000);
  const submit = (body: SettingsInput, onSaved?: (saved: Settings) => void) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        onSaved?.(saved);
        setSuccess(savedText);
      },
    });
  const status: SaveStatus = { saving: save.isPending, success, error: save.error ? errorMessage(save.error, failure) : null };
  return { submit, status };
}
