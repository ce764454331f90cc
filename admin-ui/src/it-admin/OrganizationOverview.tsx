import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@/common/format';
import { PaymentProviderCell, statusColor } from '@/it-admin/OrganizationsTable';
import type { StaffOrganizationDetail } from '@/it-admin/staffApi';
import { formatCents } from '@/it-admin/itAdminUtils';
import { LabelledValue } from '@/common/LabelledValue';

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
        <LabelledValue label="Name">{org.name}</LabelledValue>
        <LabelledValue label="Domain">{org.domain ?? '—'}</LabelledValue>
        <LabelledValue label="ID">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {org.id}
          </Box>
        </LabelledValue>
        <LabelledValue label="Created">{formatDateTime(org.created_at)}</LabelledValue>
        <LabelledValue label="Updated">{formatDateTime(org.updated_at)}</LabelledValue>
      </Section>
      <Section title="Subscription">
        <LabelledValue label="Plan">
          {org.subscription.plan_name} ({formatCents(org.subscription.monthly_price)} / month)
        </LabelledValue>
        <LabelledValue label="Status">
          <Chip size="small" label={org.subscription.status} color={statusColor(org.subscription.status)} />
        </LabelledValue>
      </Section>
      <Section title="Payment provider">
        <PaymentProviderCell org={org} />
        <LabelledValue label="Payouts">{org.stripe_payouts_enabled ? 'Enabled' : 'Disabled'}</LabelledValue>
      </Section>
      <Section title="Counts">
        <LabelledValue label="Users">{c.users}</LabelledValue>
        <LabelledValue label="Classes">{c.classes}</LabelledValue>
        <LabelledValue label="Students">{c.students}</LabelledValue>
        <LabelledValue label="Enrollments">{c.enrollments}</LabelledValue>
        <LabelledValue label="Communications">{c.communications}</LabelledValue>
      </Section>
      <Section title="Contact">
        <LabelledValue label="Email">{org.contact_info.email || '—'}</LabelledValue>
        <LabelledValue label="Phone">{org.contact_info.phone || '—'}</LabelledValue>
        <LabelledValue label="Address">{org.contact_info.address || '—'}</LabelledValue>
        <LabelledValue label="Business name">{org.branding.businessName}</LabelledValue>
        <LabelledValue label="Colours">
          <Stack direction="row" gap={1} alignItems="center">
            {[org.branding.primaryColor, org.branding.secondaryColor].map((color) => (
              <Box
                key={color}
                title={color}
                sx={{ width: 20, height: 20, borderRadius: 0.5, bgcolor: color, border: 1, borderColor: 'divider' }}
              />
            ))}
          </Stack>
        </LabelledValue>
      </Section>
    </Stack>
  );
}
