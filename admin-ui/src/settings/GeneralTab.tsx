import { useMemo, useState } from 'react';
import { Autocomplete, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useSaveAction } from '@/common/useSaveAction';
import { useOwnOrganization } from '@/providers/queries';
import { useAppDataProvider } from '@/providers/dataProvider';
import { ClassConfirmedSetting } from '@/settings/ClassConfirmedSetting';
import { MessageLanguageSetting } from '@/settings/MessageLanguageSetting';
import { LegalDetailsSettings } from '@/settings/LegalDetailsSettings';
import { OrganizationExport } from '@/settings/OrganizationExport';
import { WaitlistSettings } from '@/settings/WaitlistSettings';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

const SERVER_DEFAULT = 'Server default';

/**
 * General settings: the organization's time zone, the one the reports count days in. The server
 * checks the name against the IANA list; this list comes from the browser's own time-zone database.
 */
export function GeneralTab() {
  const dp = useAppDataProvider();
  const org = useOwnOrganization();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const [zone, setZone] = useState<string | null>(null);
  const save = useSaveAction('Failed to save the time zone. Please try again');

  if (org.isPending) return <CircularProgress aria-label="Loading settings..." />;
  if (!org.data) return <Typography color="error">Failed to load settings</Typography>;
  const current = zone ?? org.data.settings?.timeZone ?? null;

  const submit = async () => {
    if (!org.data || !current) return;
    const { id, name } = org.data;
    await save.run(async (saved) => {
      await dp.saveTimeZone(id, name, current);
      saved('Time zone saved successfully!');
      await org.refetch();
    });
  };

  return (
    <Stack spacing={3}>
      <SettingsSection title="Time zone" maxWidth={640}>
        <Typography color="text.secondary">
          Reports count days, weeks and months in this time zone, whatever the time zone of the computer viewing them.
        </Typography>
        <Autocomplete
          options={zones}
          value={current}
          onChange={(_, v) => setZone(v)}
          renderInput={(params) => <TextField {...params} label="Time zone" placeholder={SERVER_DEFAULT} />}
        />
        <SaveRow label="Save time zone" onSave={() => void submit()} disabled={!current} status={save.status} />
      </SettingsSection>
      <LegalDetailsSettings />
      <ClassConfirmedSetting />
      <MessageLanguageSetting org={org.data} onSaved={() => void org.refetch()} />
      <WaitlistSettings org={org.data} onSaved={() => void org.refetch()} />
      <OrganizationExport />
    </Stack>
  );
}
