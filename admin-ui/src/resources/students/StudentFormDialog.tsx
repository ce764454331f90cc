import { useEffect, useState } from 'react';
import { useDataProvider, useGetList } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { errorMessage, errorStatus } from '@/providers/httpClient';
import type { AppDataProvider } from '@/providers/dataProvider';
import type { ClassRecord, Student } from '@/providers/types';
import { emptyStudent, studentPayload, studentUpdateErrorMessage, validateStudent, valuesFromStudent, type StudentErrors, type StudentFormValues } from '@/resources/students/studentUtils';

/** Add / Edit student modal (spec 3 §2.4, §5). */
export function StudentFormDialog({ open, record, organizationId, blockedMessage, onClose, onSaved }: {
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
  const [values, setValues] = useState<StudentFormValues>(emptyStudent());
  const [errors, setErrors] = useState<StudentErrors>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const classes = useGetList<ClassRecord>('classes', { pagination: { page: 1, perPage: 500 }, sort: { field: 'startDate', order: 'ASC' }, filter: {} }, { enabled: open });

  useEffect(() => {
    if (!open) return;
    setValues(record ? valuesFromStudent(record) : emptyStudent());
    setErrors({});
    setServerError(null);
  }, [open, record]);

  const options = (classes.data ?? []).filter((c) => c.status !== 'Archived' || values.classIds.includes(c.id));
  const set = (field: keyof StudentFormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async () => {
    const found = validateStudent(values);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
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
      const fieldErrors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors as StudentErrors);
      setServerError(studentUpdateErrorMessage(errorStatus(e), errorMessage(e, ''), !record));
    } finally {
      setBusy(false);
    }
  };

  const tf = (field: 'firstName' | 'lastName' | 'email' | 'phone', label: string) => ({
    label,
    value: values[field],
    onChange: set(field),
    error: Boolean(errors[field]),
    helperText: errors[field],
    required: true,
  });

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="student-form-title">
      <DialogTitle id="student-form-title">{record ? 'Edit Student' : 'Add New Student'}</DialogTitle>
      <DialogContent>
        {serverError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        {!record && blockedMessage && !serverError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {blockedMessage}
          </Alert>
        )}
        <Grid container spacing={2} pt={1} component="form" noValidate>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...tf('firstName', 'First name')} autoComplete="given-name" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...tf('lastName', 'Last name')} autoComplete="family-name" />
          </Grid>
          <Grid size={12}>
            <TextField {...tf('email', 'Email')} type="email" autoComplete="email" />
          </Grid>
          <Grid size={12}>
            <TextField {...tf('phone', 'Phone number')} type="tel" autoComplete="tel" />
          </Grid>
          <Grid size={12}>
            <Autocomplete
              multiple
              options={options}
              loading={classes.isPending}
              getOptionLabel={(c) => c.title}
              value={options.filter((c) => values.classIds.includes(c.id))}
              onChange={(_, selected) => setValues((v) => ({ ...v, classIds: selected.map((c) => c.id) }))}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => <TextField {...params} label="Enrolled classes" helperText="New enrollments are recorded as pay at class" />}
            />
          </Grid>
          <Grid size={12}>
            <FormControlLabel
              control={<Checkbox checked={values.communicationOptIn} onChange={(e) => setValues((v) => ({ ...v, communicationOptIn: e.target.checked }))} />}
              label="Agrees to receive email and SMS messages"
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {record ? 'Save Changes' : 'Add Student'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
