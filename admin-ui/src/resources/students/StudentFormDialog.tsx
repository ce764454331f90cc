import { useState } from 'react';
import { Form, useDataProvider, useGetList, useInput } from 'react-admin';
import { Alert, Autocomplete, Checkbox, FormControlLabel, Grid, MenuItem, TextField, useMediaQuery, type Theme } from '@mui/material';
import { MESSAGE_LANGUAGES } from '@/common/messageLanguages';
import { FormTextField } from '@/common/formField';
import { FormDialog } from '@/common/FormDialog';
import { errorCode, errorMessage, errorStatus } from '@/providers/httpClient';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { ClassRecord, Student } from '@/providers/types';
import {
  emptyStudent,
  studentPayload,
  studentUpdateErrorMessage,
  validateStudent,
  valuesFromStudent,
  type StudentFormValues,
  type StudentLanguageChoice,
} from '@/resources/students/studentUtils';

const FORM_ID = 'student-form';

/**
 * Add / Edit student modal (spec 3 §2.4, §5). react-admin's Form holds the values, runs
 * `validateStudent` on submit and shows the server's field errors (returned by onSubmit).
 */
export function StudentFormDialog({
  open,
  record,
  organizationId,
  blockedMessage,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: Student | null;
  organizationId: string | null;
  /** Set when the plan's student limit is reached (adding is refused). */
  blockedMessage: string | null;
  onClose: () => void;
  onSaved: (saved: Student, message: string) => void;
}) {
  const dp = useDataProvider<AppDataProvider>();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [opened, setOpened] = useState(open);
  // Each opening starts with no message left from the last time. (The Form itself is new each time,
  // from the record or empty: the Dialog unmounts its content when closed.)
  if (open !== opened) {
    setOpened(open);
    if (open) setServerError(null);
  }

  /** Returns the server's field errors for the Form to show, or nothing. */
  const submit = async (values: StudentFormValues): Promise<Record<string, string> | undefined> => {
    if (!organizationId) {
      setServerError('Cannot add student: No organization ID available');
      return;
    }
    if (!record && blockedMessage) {
      setServerError(blockedMessage);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const payload = studentPayload(values, record?.classEnrollments ?? []);
      if (record) {
        const { data } = await dp.update('students', { id: record.id, data: payload, previousData: record });
        onSaved(data as Student, 'Student updated successfully!');
      } else {
        const { data } = await dp.create('students', { data: payload });
        onSaved(data as Student, 'Student added successfully!');
      }
    } catch (e) {
      setServerError(studentUpdateErrorMessage(errorStatus(e), errorMessage(e, ''), !record, errorCode(e)));
      const fieldErrors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      return fieldErrors && Object.keys(fieldErrors).length ? fieldErrors : undefined;
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={record ? 'Edit Student' : 'Add New Student'}
      onClose={onClose}
      busy={busy}
      error={serverError}
      notice={!record && blockedMessage && !serverError ? <Alert severity="warning">{blockedMessage}</Alert> : null}
      formId={FORM_ID}
      submitLabel={record ? 'Save Changes' : 'Add Student'}
      fullScreen={fullScreen}
    >
      <Form
        id={FORM_ID}
        noValidate
        record={record ? valuesFromStudent(record) : emptyStudent()}
        validate={(values) => validateStudent(values as StudentFormValues)}
        onSubmit={(values: Record<string, unknown>) => submit(values as unknown as StudentFormValues)}
        disableInvalidFormNotification
        reValidateMode="onSubmit"
      >
        <StudentFields open={open} />
      </Form>
    </FormDialog>
  );
}

function StudentFields({ open }: { open: boolean }) {
  const classes = useGetList<ClassRecord>(
    'classes',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'startDate', order: 'ASC' }, filter: {} },
    { enabled: open },
  );
  const classIds = useInput<string[]>({ source: 'classIds' }).field;
  const optIn = useInput<boolean>({ source: 'communicationOptIn' }).field;
  const language = useInput<StudentLanguageChoice>({ source: 'language' });
  const chosen: string[] = classIds.value ?? [];
  const options = (classes.data ?? []).filter((c) => c.status !== 'Archived' || chosen.includes(c.id));

  return (
    <Grid container spacing={2} pt={1}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField source="firstName" label="First name" required autoComplete="given-name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField source="lastName" label="Last name" required autoComplete="family-name" />
      </Grid>
      <Grid size={12}>
        <FormTextField source="email" label="Email" required type="email" autoComplete="email" />
      </Grid>
      <Grid size={12}>
        <FormTextField source="phone" label="Phone number" required type="tel" autoComplete="tel" />
      </Grid>
      <Grid size={12}>
        <Autocomplete
          multiple
          options={options}
          loading={classes.isPending}
          getOptionLabel={(c) => c.title}
          value={options.filter((c) => chosen.includes(c.id))}
          onChange={(_, selected) => classIds.onChange(selected.map((c) => c.id))}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField {...params} label="Enrolled classes" helperText="New enrollments are recorded as pay at class" />
          )}
        />
      </Grid>
      <Grid size={12}>
        {/* Issue 42 §2: the student's emails and texts in this language; a household's members read their contact's. */}
        <TextField
          select
          fullWidth
          label="Message language"
          value={language.field.value ?? 'default'}
          onChange={(e) => language.field.onChange(e.target.value as StudentLanguageChoice)}
          error={!!language.fieldState.error}
          helperText={language.fieldState.error?.message ?? 'Emails and text messages to this student are written in this language'}
        >
          <MenuItem value="default">Organization default</MenuItem>
          {MESSAGE_LANGUAGES.map((l) => (
            <MenuItem key={l.value} value={l.value} lang={l.value}>
              {l.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <FormControlLabel
          control={<Checkbox checked={Boolean(optIn.value)} onChange={(e) => optIn.onChange(e.target.checked)} />}
          label="Agrees to receive email and SMS messages"
        />
      </Grid>
    </Grid>
  );
}
