import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
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
import type { ApiKey, CreatedApiKey } from '@/providers/types';
import { Link as RouterLink } from 'react-router-dom';
import { cheapestPlanWith } from '@/common/plans';
import { usePlans } from '@/providers/queries';
import { SecretOnce, fmtDateTime } from './SecretOnce';

const KEYS = ['api-keys'];
type Access = 'read' | 'write';

/** API keys of the organization (the Professional plan's API access): make one, see its secret once, revoke it. */
export function ApiKeysSection({ apiAccess }: { apiAccess: boolean | undefined }) {
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => dp.getApiKeys() });
  // The plan to name when API access is missing: the cheapest that has it, from the plans table.
  const upgrade = cheapestPlanWith(usePlans().data, 'apiAccess');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const openCreate = () => {
    setName('');
    setAccess('read');
    setError(null);
    setCreated(null);
    setOpen(true);
  };
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      setCreated(await dp.createApiKey({ name: name.trim(), scopes: access === 'write' ? ['read', 'write'] : ['read'] }));
      void qc.invalidateQueries({ queryKey: KEYS });
    } catch (e) {
      // A plan without API access answers 403 with the sentence naming the plan that has it: shown as it is.
      setError(errorMessage(e, 'Failed to create the API key. Please try again'));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    setRevokeError(null);
    try {
      await dp.revokeApiKey(revoking.id);
      await qc.invalidateQueries({ queryKey: KEYS });
      setRevoking(null);
    } catch (e) {
      setRevokeError(errorMessage(e, 'Failed to revoke the API key. Please try again'));
      setRevoking(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="api-keys-heading">
      <Stack spacing={2}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
          <Typography variant="h6" component="h2" id="api-keys-heading">
            API keys
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate}>
            Create API key
          </Button>
        </Stack>
        <Typography color="text.secondary">
          A key lets another tool (Zapier, a spreadsheet, your own scripts) use the Classlane API for this organization. Send it as{' '}
          <code>Authorization: Bearer &lt;key&gt;</code>.
        </Typography>
        {apiAccess === false && (
          <Alert
            severity="info"
            action={
              upgrade ? (
                <Button component={RouterLink} to="/admin/subscription?tab=plans" color="inherit" size="small">
                  Upgrade to {upgrade.name}
                </Button>
              ) : undefined
            }
          >
            {upgrade ? `API access is a feature of the ${upgrade.name} plan.` : 'API access is not included in your plan.'}
          </Alert>
        )}
        {revokeError && <Alert severity="error">{revokeError}</Alert>}
        {keys.isPending ? (
          <Typography>Loading API keys...</Typography>
        ) : keys.error ? (
          <Alert severity="error">{errorMessage(keys.error, 'Failed to load the API keys')}</Alert>
        ) : !keys.data?.length ? (
          <Typography color="text.secondary">No API keys yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="API keys">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Access</TableCell>
                  <TableCell>Key starts with</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell>Last used</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {keys.data.map((k) => (
                  <TableRow key={k.id}>
                    <TableCell>{k.name}</TableCell>
                    <TableCell>{k.scopes.includes('write') ? 'Read and write' : 'Read only'}</TableCell>
                    <TableCell>
                      <code>{k.prefix}…</code>
                    </TableCell>
                    <TableCell>{fmtDateTime(k.createdAt)}</TableCell>
                    <TableCell>{k.lastUsedAt ? fmtDateTime(k.lastUsedAt) : 'Never'}</TableCell>
                    <TableCell align="right">
                      {k.revokedAt ? (
                        <Chip size="small" label={`Revoked ${fmtDateTime(k.revokedAt)}`} />
                      ) : (
                        <Button color="error" size="small" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>

      <FormDialog
        open={open}
        title={created ? 'API key created' : 'Create API key'}
        onClose={() => setOpen(false)}
        submitLabel={created ? 'Done' : 'Create key'}
        cancelLabel={created ? 'Close' : 'Cancel'}
        busy={busy}
        error={error}
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
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
