import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { SettingsInput } from '@/providers/types';

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
