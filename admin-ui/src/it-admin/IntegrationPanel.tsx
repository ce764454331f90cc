import { Alert, AlertTitle, Box, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { SystemInfo } from '@/it-admin/staffApi';
import { TEXT } from '@/it-admin/itAdminUtils';

function Row({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack direction="row" justifyContent="space-between" gap={2}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', textAlign: 'right', wordBreak: 'break-all' }}>
        {value === null || value === undefined || value === '' ? '—' : String(value)}
      </Typography>
    </Stack>
  );
}

function Card({ title, ok, children }: { title: string; ok: boolean; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 220px', minWidth: 220 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" mb={1}>
        <Typography variant="subtitle2">{title}</Typography>
        <Chip
          size="small"
          label={ok ? 'Configured' : 'Not configured'}
          color={ok ? 'success' : 'default'}
          variant={ok ? 'filled' : 'outlined'}
        />
      </Stack>
      <Stack spacing={0.5}>{children}</Stack>
    </Paper>
  );
}

/**
 * Stripe events the server stopped retrying (still failing after 25 attempts): a payment, a refund or a plan change
 * they carry is missing from the records until someone fixes the cause, so the panel says so at the top.
 */
function StuckEventsAlert({ stuck }: { stuck: SystemInfo['stripe']['stuckEvents'] }) {
  if (!stuck.count || !stuck.oldest) return null;
  const { oldest } = stuck;
  const created = new Date(oldest.created).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <AlertTitle>
        {stuck.count === 1 ? '1 Stripe event still fails' : `${stuck.count} Stripe events still fail`} after every retry
      </AlertTitle>
      What they record (a payment, a refund, a subscription change) is missing until the cause is fixed. Oldest: {oldest.type}{' '}
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {oldest.id}
      </Box>{' '}
      of {created}, {oldest.attempts} attempts{oldest.error ? `, last error: ${oldest.error}` : ''}.
    </Alert>
  );
}

/** The platform integration panel (spec 3 §2.12), from GET /api/admin/system-info: masked fragments only. */
export function IntegrationPanel({ info, loading, error }: { info?: SystemInfo; loading: boolean; error: unknown }) {
  return (
    <Box component="section" aria-labelledby="integration-title">
      <Typography id="integration-title" variant="h6" component="h2" gutterBottom>
        Platform integrations
      </Typography>
      {error ? (
        <Alert severity="error">{TEXT.loadSystemInfo}</Alert>
      ) : loading && !info ? (
        <Skeleton variant="rounded" height={140} />
      ) : info ? (
        <>
          <StuckEventsAlert stuck={info.stripe.stuckEvents} />
          <Stack direction="row" flexWrap="wrap" gap={2}>
            <Card title="Platform" ok>
              <Row label="Environment" value={info.environment} />
              <Row label="API URL" value={info.apiUrl} />
              <Row label="Client URL" value={info.clientUrl} />
              <Row label="Platform fee" value={`${info.platformFeePercent}%`} />
            </Card>
            <Card title="Stripe" ok={info.stripe.configured}>
              <Row label="Mode" value={info.stripe.environment} />
              <Row label="Publishable key" value={info.stripe.publicKeyPartial} />
              <Row label="Secret key" value={info.stripe.secretKeyPartial} />
              <Row label="Webhook secret" value={info.stripe.webhookSecretPartial} />
              <Row label="Stuck events" value={info.stripe.stuckEvents.count} />
            </Card>
            <Card title="Database" ok>
              <Row label="Host" value={info.database.port ? `${info.database.host}:${info.database.port}` : info.database.host} />
              <Row label="Database" value={info.database.database} />
              <Row label="Version" value={info.database.version} />
              <Row
                label="Pool"
                value={`${info.database.poolOpen ?? '?'} open / ${info.database.poolSize} max${info.database.poolWaiting ? `, ${info.database.poolWaiting} waiting` : ''}`}
              />
            </Card>
            <Card title="Twilio (SMS)" ok={info.twilio.configured}>
              <Row label="Account SID" value={info.twilio.accountSidPartial} />
              <Row label="From number" value={info.twilio.phoneNumber} />
              <Row label="Auth token" value={info.twilio.hasAuthToken ? 'set' : 'not set'} />
            </Card>
            <Card title="SendGrid (email)" ok={info.sendgrid.hasApiKey}>
              <Row label="Sender" value={info.sendgrid.verifiedSender} />
              <Row label="API key" value={info.sendgrid.apiKeyPartial} />
            </Card>
          </Stack>
        </>
      ) : null}
    </Box>
  );
}
