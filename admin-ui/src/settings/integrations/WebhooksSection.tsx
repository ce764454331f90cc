import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { FormDialog } from '@/common/FormDialog';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { CreatedWebhookEndpoint, WebhookEndpoint, WebhookEvent } from '@/providers/types';
import { SecretOnce, fmtDateTime } from './SecretOnce';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';

const KEYS = ['webhook-endpoints'];

export const WEBHOOK_EVENTS: { value: WebhookEvent; label: string }[] = [
  { value: 'enrollment.created', label: 'Enrollment created' },
  { value: 'enrollment.cancelled', label: 'Enrollment cancelled' },
  { value: 'payment.succeeded', label: 'Payment succeeded' },
  { value: 'payment.refunded', label: 'Payment refunded' },
  { value: 'waitlist.offered', label: 'Waitlist seat offered' },
  { value: 'class.cancelled', label: 'Class cancelled' },
  { value: 'student.updated', label: 'Student updated' },
];

/** What the endpoint's state says about its latest deliveries (the server tracks failing and disabling). */
export function endpointState(e: WebhookEndpoint): { label: string; color: 'success' | 'warning' | 'error' | 'default' } {
  if (e.disabledAt) return { label: `Disabled after 3 days of failures (${fmtDateTime(e.disabledAt)})`, color: 'error' };
  if (!e.active) return { label: 'Paused', color: 'default' };
  if (e.failingSince) return { label: `Failing since ${fmtDateTime(e.failingSince)}`, color: 'warning' };
  return { label: 'OK', color: 'success' };
}

interface Draft {
  id: string | null;
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

/** Outbound webhooks: endpoints (https URL, events, active), the signing secret shown once, their deliveries. */
export function WebhooksSection() {
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const endpoints = useQuery({ queryKey: KEYS, queryFn: () => dp.getWebhookEndpoints() });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookEndpoint | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  const edit = (e: WebhookEndpoint | null) => {
    setError(null);
    setCreated(null);
    setDraft(
      e ? { id: e.id, url: e.url, events: [...e.events], active: e.active } : { id: null, url: 'https://', events: [], active: true },
    );
  };
  const urlOk = (u: string) => /^https:\/\/[^/\s]+/.test(u.trim());
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setError(null);
    try {
      const body = { url: draft.url.trim(), events: draft.events, active: draft.active };
      if (draft.id) {
        await dp.updateWebhookEndpoint(draft.id, body);
        setDraft(null);
      } else {
        setCreated(await dp.createWebhookEndpoint(body));
      }
      void qc.invalidateQueries({ queryKey: KEYS });
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the webhook endpoint. Please try again'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setListError(null);
    try {
      await dp.deleteWebhookEndpoint(deleting.id);
      await qc.invalidateQueries({ queryKey: KEYS });
    } catch (e) {
      setListError(errorMessage(e, 'Failed to delete the webhook endpoint. Please try again'));
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  };
  const toggle = (ev: WebhookEvent, on: boolean) =>
    setDraft((d) => (d ? { ...d, events: on ? [...d.events, ev] : d.events.filter((x) => x !== ev) } : d));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="webhooks-heading">
      <Stack spacing={2}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
          <Typography variant="h6" component="h2" id="webhooks-heading">
            Webhooks
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => edit(null)}>
            Add endpoint
          </Button>
        </Stack>
        <Typography color="text.secondary">
          Classlane sends a signed POST to your URL when one of the chosen events happens, and retries for 24 hours until it answers 2xx.
        </Typography>
        {listError && <Alert severity="error">{listError}</Alert>}
        {endpoints.isPending ? (
          <Typography>Loading webhook endpoints...</Typography>
        ) : endpoints.error ? (
          <Alert severity="error">{errorMessage(endpoints.error, 'Failed to load the webhook endpoints')}</Alert>
        ) : !endpoints.data?.length ? (
          <Typography color="text.secondary">No webhook endpoints yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Webhook endpoints">
              <TableHead>
                <TableRow>
                  <TableCell>URL</TableCell>
                  <TableCell>Events</TableCell>
                  <TableCell>Active</TableCell>
                  <TableCell>Delivery state</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {endpoints.data.map((e) => {
                  const state = endpointState(e);
                  return (
                    <TableRow key={e.id}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{e.url}</TableCell>
                      <TableCell>{e.events.join(', ')}</TableCell>
                      <TableCell>{e.active ? 'Yes' : 'No'}</TableCell>
                      <TableCell>
                        <Chip size="small" color={state.color} variant="outlined" label={state.label} />
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" onClick={() => setDeliveriesOf(e)} aria-label={`Deliveries of ${e.url}`}>
                          Deliveries
                        </Button>
                        <Button size="small" onClick={() => edit(e)} aria-label={`Edit ${e.url}`}>
                          Edit
                        </Button>
                        <Button size="small" color="error" onClick={() => setDeleting(e)} aria-label={`Delete ${e.url}`}>
                          Delete
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>

      <FormDialog
        open={draft !== null}
        title={created ? 'Webhook endpoint added' : draft?.id ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
        onClose={() => setDraft(null)}
        submitLabel={created ? 'Done' : 'Save'}
        cancelLabel={created ? 'Close' : 'Cancel'}
        busy={busy}
        error={error}
        submitDisabled={!created && (!draft || !urlOk(draft.url) || draft.events.length === 0)}
        onSubmit={created ? () => setDraft(null) : () => void save()}
      >
        {created ? (
          <SecretOnce
            label="Signing secret"
            copyLabel="Copy secret"
            value={created.secret}
            notice="Copy the signing secret now: you will not see it again. Check each request's Classlane-Signature header with it."
          />
        ) : (
          draft && (
            <>
              <TextField
                label="Endpoint URL"
                value={draft.url}
                onChange={(e) => setDraft({ ...draft, url: e.target.value })}
                required
                type="url"
                error={draft.url !== 'https://' && !urlOk(draft.url)}
                helperText="Must start with https://"
              />
              <FormControl component="fieldset">
                <FormLabel component="legend">Events</FormLabel>
                <FormGroup>
                  {WEBHOOK_EVENTS.map((ev) => (
                    <FormControlLabel
                      key={ev.value}
                      control={<Checkbox checked={draft.events.includes(ev.value)} onChange={(_, on) => toggle(ev.value, on)} />}
                      label={`${ev.label} (${ev.value})`}
                    />
                  ))}
                </FormGroup>
              </FormControl>
              <FormControlLabel
                control={<Switch checked={draft.active} onChange={(_, on) => setDraft({ ...draft, active: on })} />}
                label="Active"
              />
            </>
          )
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook endpoint"
        message={`Delete the endpoint ${deleting?.url ?? ''}? Nothing more is sent to it. This cannot be undone.`}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
      {deliveriesOf && (
        <WebhookDeliveriesDialog
          endpoint={deliveriesOf}
          onClose={() => {
            setDeliveriesOf(null);
            // The deliveries just seen may have changed the endpoint's state (failing, disabled): read it again.
            void qc.invalidateQueries({ queryKey: KEYS });
          }}
        />
      )}
    </Paper>
  );
}
