import { useEffect, useState } from 'react';
import { useRefresh } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { OutboundLimits } from '@/it-admin/staffApi';
import { useStaffDataProvider } from '@/it-admin/staffProviders';
import { actionErrorText } from '@/it-admin/itAdminUtils';

type Kind = 'messages' | 'webhooks';
const KINDS: { kind: Kind; label: string; field: 'messages_per_minute' | 'webhooks_per_minute' }[] = [
  { kind: 'messages', label: 'Messages per minute', field: 'messages_per_minute' },
  { kind: 'webhooks', label: 'Webhook deliveries per minute', field: 'webhooks_per_minute' },
];

/** An empty field means "the default"; anything else must be a whole number (the server checks the range). */
const toFigure = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/**
 * How much one organization may send a minute (emails and SMS, webhook deliveries) and how much of this minute it
 * used: the dispatchers hold every organization to its figure so one organization's volume cannot slow another's.
 * Platform staff raise it for a large announcement or lower it for a misbehaving integration; empty means the default.
 */
export function OutboundLimitsPanel({ organizationId }: { organizationId: string }) {
  const dp = useStaffDataProvider();
  const queryClient = useQueryClient();
  // The page's audit log shows the change (refused ones too).
  const refresh = useRefresh();
  const key = ['organizations', organizationId, 'outbound-limits'];
  const limits = useQuery({ queryKey: key, queryFn: () => dp.outboundLimits(organizationId) });
  const [draft, setDraft] = useState<Record<Kind, string>>({ messages: '', webhooks: '' });
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (limits.data)
      setDraft({ messages: String(limits.data.messages.per_minute ?? ''), webhooks: String(limits.data.webhooks.per_minute ?? '') });
  }, [limits.data]);

  async function save() {
    setBusy(true);
    setResult(null);
    try {
      const res = await dp.saveOutboundLimits(organizationId, {
        messages_per_minute: toFigure(draft.messages),
        webhooks_per_minute: toFigure(draft.webhooks),
      });
      queryClient.setQueryData<OutboundLimits>(key, res.data);
      setResult({ severity: 'success', text: res.message ?? 'Outbound limits saved' });
    } catch (e) {
      setResult({ severity: 'error', text: actionErrorText(e, 'The limits could not be saved. Please try again.') });
    } finally {
      setBusy(false);
      refresh();
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="outbound-limits-title">
      <Typography variant="h6" component="h2" id="outbound-limits-title" gutterBottom>
        Outbound limits
      </Typography>
      {limits.error ? (
        <Alert severity="error">The outbound limits could not be loaded.</Alert>
      ) : !limits.data ? (
        <Typography variant="body2">Loading…</Typography>
      ) : (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {KINDS.map(({ kind, label }) => {
              const l = limits.data[kind];
              return (
                <TextField
                  key={kind}
                  label={label}
                  value={draft[kind]}
                  onChange={(e) => setDraft((d) => ({ ...d, [kind]: e.target.value }))}
                  placeholder={`Default (${l.default_per_minute})`}
                  inputMode="numeric"
                  helperText={`${l.used_this_minute} of ${l.effective_per_minute} used this minute · empty: the default (${l.default_per_minute})`}
                  sx={{ flex: 1 }}
                />
              );
            })}
          </Stack>
          {result && <Alert severity={result.severity}>{result.text}</Alert>}
          <div>
            <Button variant="contained" onClick={save} disabled={busy}>
              Save limits
            </Button>
          </div>
        </Stack>
      )}
    </Paper>
  );
}
