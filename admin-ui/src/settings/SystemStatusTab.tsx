import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '@/providers/dataProvider';
import type { Health } from '@/providers/types';

type Row = { label: string; ok: boolean; detail: string; note?: string };

/** Interpret one health field: true/'up'/'ok'/a provider name = configured; false/'down'/'log'/'unconfigured' = not. */
function interpret(
  value: unknown,
  notConfigured: string[] = ['log', 'unconfigured', 'none', 'disabled', 'down', 'not_configured'],
): { ok: boolean; detail: string } {
  if (value === true) return { ok: true, detail: 'Configured' };
  if (value === false || value === null || value === undefined) return { ok: false, detail: 'Not configured' };
  if (typeof value === 'string') {
    const v = value.toLowerCase();
    return notConfigured.includes(v) ? { ok: false, detail: v === 'down' ? 'Down' : 'Not configured' } : { ok: true, detail: value };
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('configured' in o)
      return { ok: Boolean(o.configured), detail: o.configured ? String(o.provider ?? 'Configured') : 'Not configured' };
    if ('status' in o) return interpret(o.status, notConfigured);
  }
  return { ok: false, detail: String(value) };
}

function healthRows(h: Health): Row[] {
  const db = interpret(h.database);
  const providerName: Record<string, string> = { sendgrid: 'SendGrid', twilio: 'Twilio', stripe: 'Stripe' };
  const named = (v: unknown) => {
    const r = interpret(v);
    return {
      ...r,
      detail: r.ok ? 'Configured' : r.detail,
      note:
        r.ok && typeof v === 'string' ? (providerName[v] ?? v) : v === 'log' ? 'Messages are written to the server log only' : undefined,
    };
  };
  return [
    { label: 'Database', ok: db.ok, detail: db.ok ? 'Online' : db.detail },
    { label: 'Email', ...named(h.email) },
    { label: 'SMS', ...named(h.sms) },
    { label: 'Card payments', ...named(h.payments) },
  ];
}

/** System Status from GET /api/health: real values, not fixed lights (spec README decision 7). */
export function SystemStatusTab() {
  const dp = useAppDataProvider();
  const health = useQuery({ queryKey: ['health'], queryFn: () => dp.getHealth() });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" mb={2}>
        <Typography variant="h6" component="h2">
          System Status
        </Typography>
        <Button onClick={() => void health.refetch()} disabled={health.isFetching}>
          Refresh
        </Button>
      </Stack>
      {health.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : health.error || !health.data ? (
        <Alert severity="error">The server did not answer the health check. The API or its database may be down.</Alert>
      ) : (
        <Stack spacing={1.5}>
          {healthRows(health.data).map((r) => (
            <Box
              key={r.label}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                p: 1.5,
                borderRadius: 2,
                bgcolor: 'action.hover',
              }}
            >
              <Stack direction="row" spacing={1.5} alignItems="center">
                <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: r.ok ? 'success.main' : 'warning.main' }} aria-hidden />
                <Box>
                  <Typography fontWeight={600}>{r.label}</Typography>
                  {r.note && (
                    <Typography variant="caption" color="text.secondary">
                      {r.note}
                    </Typography>
                  )}
                </Box>
              </Stack>
              <Chip size="small" label={r.detail} color={r.ok ? 'success' : 'warning'} variant="outlined" />
            </Box>
          ))}
          <Typography variant="caption" color="text.secondary">
            Overall: {health.data.status}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}
