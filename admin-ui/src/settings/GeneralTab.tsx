import { useMemo, useState } from 'react';
import { Autocomplete, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';
import { useOwnOrganization } from '@/providers/queries';
import { useAppDataProvider } from '@/providers/dataProvider';
import { ClassConfirmedSetting } from '@/settings/ClassConfirmedSetting';
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
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useTimedMessage(3000);
  const [error, setError] = useState<string | null>(null);

  if (org.isPending) return <CircularProgress aria-label="Loading settings..." />;
  if (!org.data) return <Typography color="error">Failed to load settings</Typography>;
  const current = zone ?? org.data.settings?.timeZone ?? null;

  const save = async () => {
    if (!org.data || !current) return;
    setBusy(true);
    setError(null);
    try {
      await dp.saveTimeZone(org.data.id, org.data.name, current);
      setSuccess('Time zone saved successfully!');
      await org.refetch();
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the time zone. Please try again'));
    } finally {
      setBusy(false);
    }
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
        <SaveRow label="Save time zone" onSave={() => void save()} disabled={!current} status={{ saving: busy, success, error }} />
      </SettingsSection>
      <ClassConfirmedSetting />
      <WaitlistSettings org={org.data} onSaved={() => void org.refetch()} />
      <OrganizationExport />
    </Stack>
  );
}
