import { useMemo, useState } from 'react';
import { Form, useDataProvider } from 'react-admin';
import { Alert, Box, Grid, MenuItem, Tab, Tabs, useMediaQuery, type Theme } from '@mui/material';
import { errorCode, errorMessage, errorStatus } from '@/providers/httpClient';
import { FormDialog } from '@/common/FormDialog';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { ClassRecord, ClassStatus } from '@/providers/types';
import {
  STATUS_META,
  countsTowardLimit,
  createErrorMessage,
  defaultClassValues,
  tabOfField,
  toPayload,
  updateErrorMessage,
  validateClass,
  valuesFromClass,
  type ClassFormValues,
} from '@/resources/classes/classUtils';
import type { LimitInfo } from '@/common/plans';
import { FormTextField } from '@/common/formField';
import { MinimumEnrolmentFields } from '@/resources/classes/MinimumEnrolmentFields';
import { ClassTermFields } from '@/resources/classes/ClassTermFields';
import { DropInFields } from '@/resources/classes/DropInFields';
import { ClassPlaceFields } from '@/resources/classes/ClassPlaceFields';
import { BROWSER_TIME_ZONE, useOrganizationTimeZone } from '@/common/zonedTime';
import { FormZonedDateTimeField } from '@/common/ZonedDateTimeField';

const CREATE_STATUSES: ClassStatus[] = ['Open', 'Scheduled', 'Archived'];
const EDIT_STATUSES: ClassStatus[] = ['Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived'];

const FORM_ID = 'class-form';

/**
 * Create New Class / Edit Class modal with tabs Basic Details and Class Information (spec 3 §2.3).
 * react-admin's Form holds the values; submit validates (and opens the tab of the first error) and
 * hands the server's field errors back to the Form.
 */
export function ClassFormDialog({
  open,
  record,
  limit,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: ClassRecord | null;
  limit: LimitInfo;
  onClose: () => void;
  onSaved: (saved: ClassRecord, message: string) => void;
}) {
  const dp = useDataProvider<AppDataProvider>();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const isEdit = Boolean(record);
  // Activating is blocked when at the limit and this class does not already count toward it.
  const blocked = limit.reached && !(record && countsTowardLimit(record.status));
  const [tab, setTab] = useState<0 | 1>(0);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [opened, setOpened] = useState(open);
  // Each opening starts on the first tab with no message left from the last time. (The Form itself is
  // new each time: the Dialog unmounts its content when closed.)
  if (open !== opened) {
    setOpened(open);
    if (open) {
      setServerError(null);
      setTab(0);
    }
  }
  // The start and the registration opening and closing are in the organization's zone. The dialog is mounted with the
  // class list, so the settings have usually loaded by the time it opens (else the browser's zone, which the inputs then
  // name, until they arrive: the form then starts again in the organization's). The zone is fixed per opening, so a
  // value is saved in the zone it was shown in.
  const orgZone = useOrganizationTimeZone();
  // Computed once per opening: the default start date moves with the clock, and a new value would reset the Form.
  const { initial, zone } = useMemo(() => {
    const z = orgZone ?? BROWSER_TIME_ZONE;
    const v = record ? valuesFromClass(record, z) : defaultClassValues(new Date(), z);
    if (blocked && countsTowardLimit(v.status)) v.status = 'Archived';
    return { initial: v, zone: z };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens (or the zone arrives)
  }, [open, record, orgZone]);

  const showTabOf = (errors: Record<string, string>) => {
    const first = Object.keys(errors)[0] as keyof ClassFormValues | undefined;
    if (first && first in initial) setTab(tabOfField(first));
  };

  /** Returns the field errors (ours or the server's) for the Form to show, or nothing. */
  const submit = async (values: ClassFormValues): Promise<Record<string, string> | undefined> => {
    const found = validateClass(values) as Record<string, string>;
    if (Object.keys(found).length) {
      showTabOf(found);
      return found;
    }
    // A class that would be Open or Scheduled while limited is saved as Archived (spec 3 §4).
    const payload = toPayload(blocked && countsTowardLimit(values.status) ? { ...values, status: 'Archived' } : values, new Date(), zone);
    setBusy(true);
    setServerError(null);
    try {
      if (record) {
        const { data } = await dp.update('classes', { id: record.id, data: payload, previousData: record });
        onSaved(data as ClassRecord, 'Class updated successfully!');
      } else {
        const { data } = await dp.create('classes', { data: payload });
        onSaved(data as ClassRecord, 'Class created successfully!');
      }
    } catch (e) {
      const status = errorStatus(e);
      const code = errorCode(e);
      setServerError(
        record ? updateErrorMessage(status, errorMessage(e, ''), code) : createErrorMessage(status, errorMessage(e, ''), code),
      );
      const fieldErrors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fieldErrors && Object.keys(fieldErrors).length) {
        showTabOf(fieldErrors);
        return fieldErrors;
      }
    } finally {
      setBusy(false);
    }
  };

  const statuses = isEdit ? EDIT_STATUSES : CREATE_STATUSES;

  return (
    <FormDialog
      open={open}
      title={isEdit ? 'Edit Class' : 'Create New Class'}
      onClose={onClose}
      busy={busy}
      error={serverError}
      notice={
        blocked ? (
          <Alert severity="warning">
            Cannot activate class - limit reached ({limit.current}/{limit.limit} active classes). It will be saved as Disabled (Archived).
          </Alert>
        ) : null
      }
      header={
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
          <Tabs value={tab} onChange={(_, v: 0 | 1) => setTab(v)} aria-label="Class form sections">
            <Tab label="Basic Details" id="class-tab-0" aria-controls="class-panel-0" />
            <Tab label="Class Information" id="class-tab-1" aria-controls="class-panel-1" />
          </Tabs>
        </Box>
      }
      formId={FORM_ID}
      submitLabel={isEdit ? 'Save Changes' : 'Create Class'}
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <Form
        id={FORM_ID}
        noValidate
        record={initial}
        onSubmit={(values: Record<string, unknown>) => submit(values as unknown as ClassFormValues)}
        disableInvalidFormNotification
        reValidateMode="onSubmit"
      >
        <ClassFields tab={tab} statuses={statuses} blocked={blocked} zone={zone} />
      </Form>
    </FormDialog>
  );
}

/** The two tab panels; both stay mounted (hidden) so every field keeps its value while the other tab shows. */
function ClassFields({
  tab,
  statuses,
  blocked,
  zone,
}: {
  tab: 0 | 1;
  statuses: ClassStatus[];
  blocked: boolean;
  /** The organization's time zone, in which the start and the registration opening and closing are entered. */
  zone: string;
}) {
  return (
    <>
      <Box role="tabpanel" id="class-panel-0" aria-labelledby="class-tab-0" hidden={tab !== 0}>
        <Grid container spacing={2} pt={1}>
          <Grid size={12}>
            <FormTextField source="title" label="Title" required />
          </Grid>
          <Grid size={12}>
            <FormTextField source="description" label="Description" required multiline minRows={3} />
          </Grid>
          <ClassPlaceFields />
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormZonedDateTimeField source="startDate" label="Start date and time" timeZone={zone} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField source="status" label="Status" select>
              {statuses.map((s) => {
                const needsUpgrade = blocked && countsTowardLimit(s);
                return (
                  <MenuItem key={s} value={s} disabled={needsUpgrade}>
                    {STATUS_META[s].label}
                    {needsUpgrade ? ' — Requires upgrade' : ''}
                  </MenuItem>
                );
              })}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField source="days" label="Days (sessions)" type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField source="schedule" label="Schedule" select>
              <MenuItem value="Consecutive">Consecutive</MenuItem>
              <MenuItem value="Weekly">Weekly</MenuItem>
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField source="duration" label="Duration (minutes)" type="number" slotProps={{ htmlInput: { min: 15, step: 15 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField source="price" label="Price ($)" type="number" slotProps={{ htmlInput: { min: 0, step: 0.01 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField
              source="discountPrice"
              label="Discount price ($)"
              hint="Optional"
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField source="maxStudents" label="Max students" type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />
          </Grid>
        </Grid>
      </Box>
      <Box role="tabpanel" id="class-panel-1" aria-labelledby="class-tab-1" hidden={tab !== 1}>
        <Grid container spacing={2} pt={1}>
          <Grid size={12}>
            <FormTextField source="information" label="Class information" multiline minRows={4} />
          </Grid>
          <Grid size={12}>
            <FormTextField source="materials" label="Materials to bring" hint="One item per line" multiline minRows={4} />
          </Grid>
        </Grid>
        <MinimumEnrolmentFields />
        <DropInFields />
        <ClassTermFields timeZone={zone} />
      </Box>
    </>
  );
}
