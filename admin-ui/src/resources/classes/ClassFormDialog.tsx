import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { errorMessage, errorStatus } from '@/providers/httpClient';
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
  type FormErrors,
} from '@/resources/classes/classUtils';
import type { LimitInfo } from '@/common/plans';

const CREATE_STATUSES: ClassStatus[] = ['Open', 'Scheduled', 'Archived'];
const EDIT_STATUSES: ClassStatus[] = ['Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived'];

/** Create New Class / Edit Class modal with tabs Basic Details and Class Information (spec 3 §2.3). */
export function ClassFormDialog({ open, record, limit, onClose, onSaved }: {
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
  const [values, setValues] = useState<ClassFormValues>(defaultClassValues());
  const [errors, setErrors] = useState<FormErrors<ClassFormValues>>({});
  const [tab, setTab] = useState<0 | 1>(0);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const initial = record ? valuesFromClass(record) : defaultClassValues();
    if (blocked && countsTowardLimit(initial.status)) initial.status = 'Archived';
    setValues(initial);
    setErrors({});
    setServerError(null);
    setTab(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, record]);

  const set = (field: keyof ClassFormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async () => {
    const found = validateClass(values);
    if (Object.keys(found).length) {
      setErrors(found);
      setTab(tabOfField(Object.keys(found)[0] as keyof ClassFormValues));
      return;
    }
    // A class that would be Open or Scheduled while limited is saved as Archived (spec 3 §4).
    const payload = toPayload(blocked && countsTowardLimit(values.status) ? { ...values, status: 'Archived' } : values);
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
      const fieldErrors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fieldErrors && Object.keys(fieldErrors).length) {
        setErrors(fieldErrors as FormErrors<ClassFormValues>);
        const first = Object.keys(fieldErrors)[0] as keyof ClassFormValues;
        if (first in values) setTab(tabOfField(first));
      }
      setServerError(record ? updateErrorMessage(status, errorMessage(e, '')) : createErrorMessage(status, errorMessage(e, '')));
    } finally {
      setBusy(false);
    }
  };

  const statuses = isEdit ? EDIT_STATUSES : CREATE_STATUSES;
  const tf = (field: keyof ClassFormValues, label: string, extra: Record<string, unknown> = {}) => ({
    label,
    value: values[field],
    onChange: set(field),
    error: Boolean(errors[field]),
    helperText: errors[field] ?? (extra.helperText as string | undefined),
    ...extra,
  });

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="class-form-title">
      <DialogTitle id="class-form-title">{isEdit ? 'Edit Class' : 'Create New Class'}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={tab} onChange={(_, v: 0 | 1) => setTab(v)} aria-label="Class form sections">
          <Tab label="Basic Details" id="class-tab-0" aria-controls="class-panel-0" />
          <Tab label="Class Information" id="class-tab-1" aria-controls="class-panel-1" />
        </Tabs>
      </Box>
      <DialogContent>
        {serverError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        {blocked && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Cannot activate class - limit reached ({limit.current}/{limit.limit} active classes). It will be saved as Disabled (Archived).
          </Alert>
        )}
        <Box role="tabpanel" id="class-panel-0" aria-labelledby="class-tab-0" hidden={tab !== 0} component="form" noValidate>
          <Grid container spacing={2} pt={1}>
            <Grid size={12}>
              <TextField {...tf('title', 'Title')} required />
            </Grid>
            <Grid size={12}>
              <TextField {...tf('description', 'Description')} required multiline minRows={3} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...tf('instructor', 'Instructor')} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...tf('location', 'Location')} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...tf('startDate', 'Start date and time')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...tf('status', 'Status')} select>
                {statuses.map((s) => {
                  const needsUpgrade = blocked && countsTowardLimit(s);
                  return (
                    <MenuItem key={s} value={s} disabled={needsUpgrade}>
                      {STATUS_META[s].label}
                      {needsUpgrade ? ' — Requires upgrade' : ''}
                    </MenuItem>
                  );
                })}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <TextField {...tf('days', 'Days (sessions)')} type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <TextField {...tf('schedule', 'Schedule')} select>
                <MenuItem value="Consecutive">Consecutive</MenuItem>
                <MenuItem value="Weekly">Weekly</MenuItem>
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField {...tf('duration', 'Duration (minutes)')} type="number" slotProps={{ htmlInput: { min: 15, step: 15 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <TextField {...tf('price', 'Price ($)')} type="number" slotProps={{ htmlInput: { min: 0, step: 0.01 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <TextField {...tf('discountPrice', 'Discount price ($)', { helperText: 'Optional' })} type="number" slotProps={{ htmlInput: { min: 0, step: 0.01 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField {...tf('maxStudents', 'Max students')} type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />
            </Grid>
          </Grid>
        </Box>
        <Box role="tabpanel" id="class-panel-1" aria-labelledby="class-tab-1" hidden={tab !== 1}>
          <Grid container spacing={2} pt={1}>
            <Grid size={12}>
              <TextField {...tf('information', 'Class information')} multiline minRows={4} />
            </Grid>
            <Grid size={12}>
              <TextField {...tf('materials', 'Materials to bring', { helperText: 'One item per line' })} multiline minRows={4} />
            </Grid>
          </Grid>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {isEdit ? 'Save Changes' : 'Create Class'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
