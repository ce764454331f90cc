/**
 * Settings › Integrations › Webhooks: react-admin's 'webhook-endpoints' resource. The list is a ListBase; the dialog
 * saves through useCreate (its reply is the only time the signing secret is shown) or useUpdate; Delete is useDelete.
 * The deliveries and redelivery are the data provider's own calls (WebhookDeliveriesDialog).
 */
import { useState } from 'react';
import { ListBase, useCreate, useDelete, useListContext, useUpdate } from 'react-admin';
import { Button, Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormLabel, Switch, TextField } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { errorMessage } from '@/providers/httpClient';
import type { CreatedWebhookEndpoint, WebhookEndpoint, WebhookEndpointInput, WebhookEvent } from '@/providers/types';
import { SecretOnce, fmtDateTime } from './SecretOnce';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { IntegrationSection, ItemsTable } from './IntegrationSection';

const RESOURCE = 'webhook-endpoints';

export const WEBHOOK_EVENTS: { value: WebhookEvent; label: string }[] = [
  { value: 'enrollment.created', label: 'Enrollment created' },
  { value: 'enrollment.cancelled', label: 'Enrollment cancelled' },
  { value: 'payment.succeeded', label: 'Payment succeeded' },
  { value: 'payment.refunded', label: 'Payment refunded' },
  { value: 'waitlist.offered', label: 'Waitlist seat offered' },
  { value: 'class.cancelled', label: 'Class cancelled' },
  { value: 'student.updated', label: 'Student updated' },
  { value: 'credit.granted', label: 'Credit granted' },
  { value: 'credit.used', label: 'Credit used' },
  { value: 'membership.renewed', label: 'Membership renewed' },
  { value: 'membership.renewal_failed', label: 'Membership renewal failed' },
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
  return (
    // Every endpoint on one page, oldest first, as the section always listed them.
    <ListBase<WebhookEndpoint> resource={RESOURCE} sort={{ field: 'createdAt', order: 'ASC' }} perPage={1000} disableSyncWithLocation>
      <Webhooks />
    </ListBase>
  );
}

function Webhooks() {
  const endpoints = useListContext<WebhookEndpoint>();
  const [createEndpoint, { isPending: creating }] = useCreate<WebhookEndpointInput, unknown, CreatedWebhookEndpoint>();
  const [updateEndpoint, { isPending: updating }] = useUpdate<WebhookEndpoint>();
  const [deleteEndpoint, { isPending: deletingNow }] = useDelete<WebhookEndpoint>();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookEndpoint | null>(null);

  const edit = (e: WebhookEndpoint | null) => {
    setDialogError(null);
    setCreated(null);
    setDraft(
      e ? { id: e.id, url: e.url, events: [...e.events], active: e.active } : { id: null, url: 'https://', events: [], active: true },
    );
  };
  const urlOk = (u: string) => /^https:\/\/[^/\s]+/.test(u.trim());
  const failed = (e: unknown) => setDialogError(errorMessage(e, 'Failed to save the webhook endpoint. Please try again'));
  const save = () => {
    if (!draft) return;
    setDialogError(null);
    const body: WebhookEndpointInput = { url: draft.url.trim(), events: draft.events, active: draft.active };
    const previous = endpoints.data?.find((e) => e.id === draft.id);
    if (draft.id)
      void updateEndpoint(
        RESOURCE,
        { id: draft.id, data: body, previousData: previous },
        { mutationMode: 'pessimistic', onSuccess: () => setDraft(null), onError: failed },
      );
    else void createEndpoint(RESOURCE, { data: body }, { onSuccess: (endpoint) => setCreated(endpoint), onError: failed });
  };
  const remove = () => {
    if (!deleting) return;
    setListError(null);
    void deleteEndpoint(
      RESOURCE,
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onError: (e) => setListError(errorMessage(e, 'Failed to delete the webhook endpoint. Please try again')),
        onSettled: () => setDeleting(null),
      },
    );
  };
  const toggle = (ev: WebhookEvent, on: boolean) =>
    setDraft((d) => (d ? { ...d, events: on ? [...d.events, ev] : d.events.filter((x) => x !== ev) } : d));

  return (
    <IntegrationSection
      title="Webhooks"
      createLabel="Add endpoint"
      onCreate={() => edit(null)}
      error={listError}
      intro="Classlane sends a signed POST to your URL when one of the chosen events happens, and retries for 24 hours until it answers 2xx."
    >
      <ItemsTable
        query={endpoints}
        noun="webhook endpoints"
        label="Webhook endpoints"
        columns={['URL', 'Events', 'Active', 'Delivery state', 'Actions']}
        cells={(e) => {
          const state = endpointState(e);
          return [
            <span key="url" style={{ wordBreak: 'break-all' }}>
              {e.url}
            </span>,
            e.events.join(', '),
            e.active ? 'Yes' : 'No',
            <Chip key="state" size="small" color={state.color} variant="outlined" label={state.label} />,
            <span key="actions">
              <Button size="small" onClick={() => setDeliveriesOf(e)} aria-label={`Deliveries of ${e.url}`}>
                Deliveries
              </Button>
              <Button size="small" onClick={() => edit(e)} aria-label={`Edit ${e.url}`}>
                Edit
              </Button>
              <Button size="small" color="error" onClick={() => setDeleting(e)} aria-label={`Delete ${e.url}`}>
                Delete
              </Button>
            </span>,
          ];
        }}
      />

      <FormDialog
        open={draft !== null}
        title={created ? 'Webhook endpoint added' : draft?.id ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
        onClose={() => setDraft(null)}
        submitLabel={created ? 'Done' : 'Save'}
        cancelLabel={created ? 'Close' : 'Cancel'}
        busy={creating || updating}
        error={dialogError}
        submitDisabled={!created && (!draft || !urlOk(draft.url) || draft.events.length === 0)}
        onSubmit={created ? () => setDraft(null) : save}
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
        busy={deletingNow}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
      {deliveriesOf && (
        <WebhookDeliveriesDialog
          endpoint={deliveriesOf}
          onClose={() => {
            setDeliveriesOf(null);
            // The deliveries just seen may have changed the endpoint's state (failing, disabled): read it again.
            void endpoints.refetch();
          }}
        />
      )}
    </IntegrationSection>
  );
}
