import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Alert, MenuItem, TextField } from '@mui/material';
import { ZonedDateTimeField } from '@/common/ZonedDateTimeField';
import { BROWSER_TIME_ZONE, toZonedInput, useOrganizationTimeZone } from '@/common/zonedTime';
import { FormDialog } from '@/common/FormDialog';
import { errorMessage, errorStatus } from '@/providers/httpClient';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { ClassRecord, CloneResult } from '@/providers/types';
import type { LimitInfo } from '@/common/plans';
import { STATUS_META, cloneStartInstant, validateClone, type CloneValues, type FormErrors } from '@/resources/classes/classUtils';

/** Clone Class modal (spec 3 §2.3, §4, §5). */
export function CloneClassDialog({
  record,
  limit,
  onClose,
  onCloned,
}: {
  record: ClassRecord | null;
  limit: LimitInfo;
  onClose: () => void;
  onCloned: (result: CloneResult) => void;
}) {
  const dp = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState<CloneValues>({ title: '', startDate: '', status: 'Open' });
  const [errors, setErrors] = useState<FormErrors<CloneValues>>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const forced = limit.reached;
  // The start date is entered in the organization's zone (the browser's, named, until the settings arrive); the zone is
  // set with the values, so a value is saved in the zone it was shown in.
  const orgZone = useOrganizationTimeZone() ?? BROWSER_TIME_ZONE;
  const [zone, setZone] = useState(orgZone);

  useEffect(() => {
    if (!record) return;
    const start = new Date(record.startDate);
    setZone(orgZone);
    setValues({
      title: `${record.title} (Copy)`,
      startDate: start.getTime() > Date.now() ? toZonedInput(start, orgZone) : '',
      status: forced ? 'Archived' : record.status === 'Scheduled' ? 'Scheduled' : 'Open',
    });
    setErrors({});
    setServerError(null);
  }, [record, forced, orgZone]);

  const submit = async () => {
    if (!record) return;
    const found = validateClone(values, new Date(), zone);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const result = await dp.cloneClass(record.id, {
        title: values.title.trim(),
        startDate: cloneStartInstant(values, zone),
        status: forced ? 'Archived' : values.status,
      });
      onCloned(result);
    } catch (e) {
      const status = errorStatus(e);
      setServerError(
        status === 403 && /limit/i.test(errorMessage(e, '')) ? errorMessage(e, '') : 'Failed to clone class. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={Boolean(record)}
      title="Clone Class"
      onClose={onClose}
      busy={busy}
      error={serverError}
      notice={
        forced ? (
          <Alert severity="warning">
            Cannot activate class - limit reached ({limit.current}/{limit.limit} active classes). The copy will be created as Disabled
            (Archived).
          </Alert>
        ) : null
      }
      onSubmit={() => void submit()}
      submitLabel="Clone Class"
    >
      <TextField
        label="Title"
        value={values.title}
        onChange={(e) => {
          setValues((v) => ({ ...v, title: e.target.value }));
          setErrors((er) => ({ ...er, title: undefined }));
        }}
        error={Boolean(errors.title)}
        helperText={errors.title}
        required
      />
      <ZonedDateTimeField
        label="Start date and time"
        timeZone={zone}
        value={values.startDate}
        onChange={(startDate) => {
          setValues((v) => ({ ...v, startDate }));
          setErrors((er) => ({ ...er, startDate: undefined }));
        }}
        error={errors.startDate}
        required
      />
      <TextField
        select
        label="Status"
        value={forced ? 'Archived' : values.status}
        disabled={forced}
        onChange={(e) => setValues((v) => ({ ...v, status: e.target.value as CloneValues['status'] }))}
      >
        {(['Open', 'Scheduled', 'Archived'] as const).map((s) => (
          <MenuItem key={s} value={s}>
            {STATUS_META[s].label}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
