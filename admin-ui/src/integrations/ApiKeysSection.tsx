/**
 * Settings › Integrations › API keys: react-admin's 'api-keys' resource. The list is a ListBase; 'Create API key' a
 * create of the resource (its reply is the only time the secret is shown); Revoke its delete (the server keeps the
 * key, revoked, so the list is read again to show when).
 */
import { useState } from 'react';
import { ListBase, useCreate, useListContext } from 'react-admin';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { errorMessage } from '@/providers/httpClient';
import type { ApiKey, ApiKeyInput, CreatedApiKey } from '@/providers/types';
import { usePlans } from '@/providers/queries';
import { PlanUpsell } from '@/common/PlanUpsell';
import { SecretOnce, fmtDateTime } from './SecretOnce';
import { IntegrationSection, ItemsTable, RevokeCell } from './IntegrationSection';
import { useRevoke } from './useRevoke';

const RESOURCE = 'api-keys';
type Access = 'read' | 'write';

/** API keys of the organization (the Professional plan's API access): make one, see its secret once, revoke it. */
export function ApiKeysSection({ apiAccess }: { apiAccess: boolean | undefined }) {
  return (
    // Every key on one page, newest first, as the section always listed them.
    <ListBase<ApiKey> resource={RESOURCE} sort={{ field: 'createdAt', order: 'DESC' }} perPage={1000} disableSyncWithLocation>
      <ApiKeys apiAccess={apiAccess} />
    </ListBase>
  );
}

function ApiKeys({ apiAccess }: { apiAccess: boolean | undefined }) {
  const keys = useListContext<ApiKey>();
  const [createKey, { isPending: creating }] = useCreate<ApiKeyInput, unknown, CreatedApiKey>();
  // The plan to name when API access is missing: the cheapest that has it, from the plans table.
  const plans = usePlans();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const {
    revoking,
    setRevoking,
    revoke,
    busy: revokingNow,
  } = useRevoke<ApiKey>(RESOURCE, 'Failed to revoke the API key. Please try again', setListError);

  const openCreate = () => {
    setName('');
    setAccess('read');
    setDialogError(null);
    setCreated(null);
    setOpen(true);
  };
  // A plan without API access answers 403 with the sentence naming the plan that has it: shown as it is.
  const create = () => {
    setDialogError(null);
    void createKey(
      RESOURCE,
      { data: { name: name.trim(), scopes: access === 'write' ? ['read', 'write'] : ['read'] } },
      {
        onSuccess: (key) => setCreated(key),
        onError: (e) => setDialogError(errorMessage(e, 'Failed to create the API key. Please try again')),
      },
    );
  };

  return (
    <IntegrationSection
      title="API keys"
      createLabel="Create API key"
      onCreate={openCreate}
      error={listError}
      intro={
        <>
          A key lets another tool (Zapier, a spreadsheet, your own scripts) use the Classlane API for this organization. Send it as{' '}
          <code>Authorization: Bearer &lt;key&gt;</code>.
        </>
      }
    >
      {apiAccess === false && (
        <PlanUpsell
          plans={plans.data}
          feature="apiAccess"
          offered={(name) => `API access is a feature of the ${name} plan.`}
          missing="API access is not included in your plan."
        />
      )}
      <ItemsTable
        query={keys}
        noun="API keys"
        label="API keys"
        columns={['Name', 'Access', 'Key starts with', 'Created', 'Last used', 'Actions']}
        cells={(k) => [
          k.name,
          k.scopes.includes('write') ? 'Read and write' : 'Read only',
          <code key="prefix">{k.prefix}…</code>,
          fmtDateTime(k.createdAt),
          k.lastUsedAt ? fmtDateTime(k.lastUsedAt) : 'Never',
          <RevokeCell key="revoke" revokedAt={k.revokedAt} label={`Revoke ${k.name}`} onRevoke={() => setRevoking(k)} />,
        ]}
      />

      <FormDialog
        open={open}
        title={created ? 'API key created' : 'Create API key'}
        onClose={() => setOpen(false)}
        submitLabel={created ? 'Done' : 'Create key'}
        cancelLabel={created ? 'Close' : 'Cancel'}
        busy={creating}
        error={dialogError}
        submitDisabled={!created && !name.trim()}
        onSubmit={created ? () => setOpen(false) : create}
      >
        {created ? (
          <SecretOnce
            label="API key"
            copyLabel="Copy key"
            value={created.secret}
            notice={`Copy the key for ${created.name} now: you will not see it again. Only a fingerprint of it is stored.`}
          />
        ) : (
          <>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus
              helperText="Where the key is used, e.g. Zapier"
            />
            <FormControl>
              <FormLabel id="api-key-access">Access</FormLabel>
              <RadioGroup aria-labelledby="api-key-access" value={access} onChange={(e) => setAccess(e.target.value as Access)}>
                <FormControlLabel value="read" control={<Radio />} label="Read only" />
                <FormControlLabel
                  value="write"
                  control={<Radio />}
                  label="Read and write (never the team, keys, subscription or payment account)"
                />
              </RadioGroup>
            </FormControl>
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        message={`Revoke ${revoking?.name ?? 'this key'}? Anything using it stops working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        busy={revokingNow}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </IntegrationSection>
  );
}
