import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@/common/format';
import { PaymentProviderCell, statusColor } from '@/it-admin/OrganizationsTable';
import type { StaffOrganizationDetail } from '@/it-admin/staffApi';
import { formatCents } from '@/it-admin/itAdminUtils';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2' }}>{children}</Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 280px' }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

/** The Overview tab: the organization, its subscription, payment setup, counts and contact. */
export function OrganizationOverview({ org }: { org: StaffOrganizationDetail }) {
  const c = org.counts;
  return (
    <Stack direction="row" flexWrap="wrap" gap={2}>
      <Section title="Organization">
        <Field label="Name">{org.name}</Field>
        <Field label="Domain">{org.domain ?? '—'}</Field>
        <Field label="ID">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {org.id}
          </Box>
        </Field>
        <Field label="Created">{formatDateTime(org.created_at)}</Field>
        <Field label="Updated">{formatDateTime(org.updated_at)}</Field>
      </Section>
      <Section title="Subscription">
        <Field label="Plan">
          {org.subscription.plan_name} ({formatCents(org.subscription.monthly_price)} / month)
        </Field>
        <Field label="Status">
          <Chip size="small" label={org.subscription.status} color={statusColor(org.subscription.status)} />
        </Field>
      </Section>
      <Section title="Payment provider">
        <PaymentProviderCell org={org} />
        <Field label="Payouts">{org.stripe_payouts_enabled ? 'Enabled' : 'Disabled'}</Field>
      </Section>
      <Section title="Counts">
        <Field label="Users">{c.users}</Field>
        <Field label="Classes">{c.classes}</Field>
        <Field label="Students">{c.students}</Field>
        <Field label="Enrollments">{c.enrollments}</Field>
        <Field label="Communications">{c.communications}</Field>
      </Section>
      <Section title="Contact">
        <Field label="Email">{org.contact_info.email || '—'}</Field>
        <Field label="Phone">{org.contact_info.phone || '—'}</Field>
        <Field label="Address">{org.contact_info.address || '—'}</Field>
        <Field label="Business name">{org.branding.businessName}</Field>
        <Field label="Colours">
          <Stack direction="row" gap={1} alignItems="center">
            {[org.branding.primaryColor, org.branding.secondaryColor].map((color) => (
              <Box
                key={color}
                title={color}
                sx={{ width: 20, height: 20, borderRadius: 0.5, bgcolor: color, border: 1, borderColor: 'divider' }}
              />
            ))}
          </Stack>
        </Field>
      </Section>
    </Stack>
  );
}
