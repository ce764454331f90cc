import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { FormDialog } from '@/common/FormDialog';
import { ConfirmDialog } from '@/common/ConfirmDialog';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { ApiKey, CreatedApiKey } from '@/providers/types';
import { usePlans } from '@/providers/queries';
import { PlanUpsell } from '@/common/PlanUpsell';
import { SecretOnce, fmtDateTime } from './SecretOnce';
import { IntegrationSection, ItemsTable, RevokeCell, useServerAction } from './IntegrationSection';

const KEYS = ['api-keys'];
type Access = 'read' | 'write';

/** API keys of the organization (the Professional plan's API access): make one, see its secret once, revoke it. */
export function ApiKeysSection({ apiAccess }: { apiAccess: boolean | undefined }) {
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => dp.getApiKeys() });
  // The plan to name when API access is missing: the cheapest that has it, from the plans table.
  const plans = usePlans();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read');
  const dialog = useServerAction();
  const list = useServerAction();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const openCreate = () => {
    setName('');
    setAccess('read');
    dialog.setError(null);
    setCreated(null);
    setOpen(true);
  };
  // A plan without API access answers 403 with the sentence naming the plan that has it: shown as it is.
  const create = () =>
    dialog.run(async () => {
      setCreated(await dp.createApiKey({ name: name.trim(), scopes: access === 'write' ? ['read', 'write'] : ['read'] }));
      void qc.invalidateQueries({ queryKey: KEYS });
    }, 'Failed to create the API key. Please try again');
  const revoke = async () => {
    if (!revoking) return;
    await list.run(async () => {
      await dp.revokeApiKey(revoking.id);
      await qc.invalidateQueries({ queryKey: KEYS });
    }, 'Failed to revoke the API key. Please try again');
    setRevoking(null);
  };

  return (
    <IntegrationSection
      title="API keys"
      createLabel="Create API key"
      onCreate={openCreate}
      error={list.error}
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
        busy={dialog.busy}
        error={dialog.error}
        submitDisabled={!created && !name.trim()}
        onSubmit={created ? () => setOpen(false) : () => void create()}
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
        busy={list.busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </IntegrationSection>
  );
}
