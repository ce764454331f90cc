/**
 * The Communication Center's Templates tab: react-admin's 'communications/templates' resource. The list is a
 * ListBase; 'New Template' a CreateBase and 'Edit' an EditBase around the same form in the shared dialog, so a
 * save refreshes the list through react-admin's cache.
 */
import { useState, type ReactNode } from 'react';
import { CreateBase, EditBase, Form, ListBase, useInput, useListContext, useSaveContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { FormTextField } from '@/common/formField';
import { errorMessage } from '@/providers/httpClient';
import type { CommunicationTemplate, TemplateInput } from '@/providers/types';

const RESOURCE = 'communications/templates';
const FORM_ID = 'template-form';
const preview = (s: string) => (s.length > 100 ? `${s.slice(0, 100)}...` : s);
const typeLabel = (t: string) => (t === 'sms' ? 'SMS' : 'Email');
const EMPTY_TEMPLATE: TemplateInput = {
  name: '',
  type: 'email',
  kind: 'manual',
  subject_template: '',
  message_template: '',
  is_active: true,
};

/** Only the fields the API takes (the record read back carries ids, variables and dates); no subject for SMS. */
const toInput = (v: TemplateInput): TemplateInput => ({
  name: v.name,
  type: v.type,
  kind: v.kind,
  subject_template: v.type === 'email' ? (v.subject_template ?? '') : undefined,
  message_template: v.message_template,
  is_active: v.is_active ?? true,
});

export function TemplatesTab() {
  return (
    <ListBase<CommunicationTemplate> resource={RESOURCE} sort={{ field: 'name', order: 'ASC' }} perPage={100} disableSyncWithLocation>
      <TemplateList />
    </ListBase>
  );
}

function TemplateList() {
  const list = useListContext<CommunicationTemplate>();
  // null: closed; '' a new template; otherwise the id being edited.
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" onClick={() => setEditing('')}>
          New Template
        </Button>
      </Box>
      {list.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : list.error ? (
        <Alert severity="error">Failed to load data</Alert>
      ) : !list.data?.length ? (
        <Typography color="text.secondary">No templates available</Typography>
      ) : (
        <Grid container spacing={2}>
          {list.data.map((t) => (
            <Grid key={t.id} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined">
                <CardContent>
                  <Stack direction="row" justifyContent="space-between" alignItems="center">
                    <Typography variant="subtitle1">{t.name}</Typography>
                    <Chip size="small" color={t.is_active ? 'success' : 'default'} label={t.is_active ? 'Active' : 'Inactive'} />
                  </Stack>
                  <Typography variant="caption" color="text.secondary">
                    {typeLabel(t.type)}
                    {t.kind !== 'manual' ? ` · ${t.kind}` : ''}
                  </Typography>
                  {t.subject_template && (
                    <Typography variant="body2" mt={1}>
                      <strong>Subject:</strong> {t.subject_template}
                    </Typography>
                  )}
                  <Typography variant="body2" mt={1} color="text.secondary">
                    {preview(t.message_template)}
                  </Typography>
                  <Stack direction="row" spacing={0.5} mt={1} flexWrap="wrap" useFlexGap>
                    {t.variables.map((v) => (
                      <Chip key={v} size="small" variant="outlined" label={v} />
                    ))}
                  </Stack>
                  <Button size="small" sx={{ mt: 1 }} onClick={() => setEditing(t.id)}>
                    Edit
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {editing !== null && <TemplateDialog id={editing || null} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** CreateBase or EditBase (pessimistic: the dialog closes once the server has saved) around the template form. */
function TemplateDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const mutationOptions = {
    onMutate: () => setError(null),
    onSuccess: () => onClose(),
    onError: (e: unknown) => setError(errorMessage(e, 'Failed to save template')),
  };
  const form = (record?: TemplateInput): ReactNode => (
    <TemplateForm title={id ? 'Edit Template' : 'New Template'} record={record} error={error} onClose={onClose} />
  );
  return id ? (
    <EditBase resource={RESOURCE} id={id} mutationMode="pessimistic" redirect={false} transform={toInput} mutationOptions={mutationOptions}>
      {form()}
    </EditBase>
  ) : (
    <CreateBase resource={RESOURCE} redirect={false} transform={toInput} mutationOptions={mutationOptions}>
      {form(EMPTY_TEMPLATE)}
    </CreateBase>
  );
}

function TemplateForm({
  title,
  record,
  error,
  onClose,
}: {
  title: string;
  record?: TemplateInput;
  error: string | null;
  onClose: () => void;
}) {
  // The dialog sits inside the Form so the Save button can watch the required fields.
  return (
    <Form id={FORM_ID} record={record} noValidate>
      <TemplateFields title={title} error={error} onClose={onClose} />
    </Form>
  );
}

function TemplateFields({ title, error, onClose }: { title: string; error: string | null; onClose: () => void }) {
  const { saving } = useSaveContext();
  const [name, type, message] = useWatch({ name: ['name', 'type', 'message_template'] }) as [string?, string?, string?];
  const active = useInput<boolean>({ source: 'is_active' }).field;
  return (
    <FormDialog
      open
      title={title}
      onClose={onClose}
      busy={saving}
      busyLabel="Processing..."
      error={error}
      formId={FORM_ID}
      submitDisabled={!name?.trim() || !message?.trim()}
      submitLabel="Save Template"
    >
      <FormTextField source="name" label="Name" required fullWidth />
      <FormTextField source="type" label="Type" select fullWidth>
        <MenuItem value="email">Email</MenuItem>
        <MenuItem value="sms">SMS</MenuItem>
      </FormTextField>
      <FormTextField source="kind" label="Used for" select fullWidth>
        <MenuItem value="manual">Messages you send</MenuItem>
        <MenuItem value="confirmation">Registration confirmation</MenuItem>
        <MenuItem value="reminder">Class reminder</MenuItem>
        <MenuItem value="receipt">Payment receipt</MenuItem>
        <MenuItem value="refund">Refund notice</MenuItem>
        <MenuItem value="rating">Rating request</MenuItem>
        <MenuItem value="class_confirmed">Your class is on (minimum reached)</MenuItem>
        <MenuItem value="class_cancelled">Class cancelled (below minimum)</MenuItem>
        <MenuItem value="class_below_minimum">Below minimum (to admins)</MenuItem>
      </FormTextField>
      {type === 'email' && <FormTextField source="subject_template" label="Subject" fullWidth />}
      <FormTextField
        source="message_template"
        label="Message"
        required
        multiline
        rows={6}
        fullWidth
        hint="Variables: {{firstName}}, {{lastName}}, {{className}}, {{startDate}}, {{startTime}}, {{location}}, {{instructor}}, {{organizationName}}"
      />
      <FormControlLabel
        control={<Switch checked={active.value ?? true} onChange={(e) => active.onChange(e.target.checked)} />}
        label="Active"
      />
    </FormDialog>
  );
}
