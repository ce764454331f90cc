import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SettingsIcon from '@mui/icons-material/Settings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import MailIcon from '@mui/icons-material/Mail';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { cheapestPlanWith, hasFeature } from '@/common/plans';
import type { Plan, SubscriptionValidation } from '@/providers/types';

/** Quick Actions (spec 3 §2.2); Reports only with advancedReporting, otherwise a 'Pro Feature' teaser. */
export function QuickActions({ validation, plans }: { validation?: SubscriptionValidation; plans?: Plan[] }) {
  const reporting = hasFeature(validation, 'advancedReporting');
  const upgradeTo = cheapestPlanWith(plans, 'advancedReporting');
  const actions = [
    { to: '/admin/classes', label: 'Manage Classes', icon: <AddIcon /> },
    { to: '/admin/students', label: 'Manage Students', icon: <PersonAddIcon /> },
    { to: '/admin/communications', label: 'Communications', icon: <MailIcon /> },
    { to: '/admin/subscription', label: 'Subscription', icon: <WorkspacePremiumIcon /> },
    { to: '/admin/settings', label: 'Settings', icon: <SettingsIcon /> },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Quick Actions
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {actions.map((a) => (
          <Button
            key={a.to}
            component={RouterLink}
            to={a.to}
            variant="outlined"
            startIcon={a.icon}
            sx={{ justifyContent: 'flex-start', py: 1.25 }}
          >
            {a.label}
          </Button>
        ))}
        {reporting ? (
          <Button
            component={RouterLink}
            to="/admin/reports"
            variant="outlined"
            startIcon={<AssessmentIcon />}
            sx={{ justifyContent: 'flex-start', py: 1.25 }}
          >
            View Reports
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to="/admin/subscription?tab=plans"
            variant="outlined"
            color="inherit"
            startIcon={<AssessmentIcon />}
            sx={{ justifyContent: 'flex-start', py: 1.25, color: 'text.secondary' }}
          >
            <Stack direction="row" spacing={1} alignItems="center">
              <span>Reports</span>
              <Chip label="Pro Feature" size="small" color="warning" />
            </Stack>
          </Button>
        )}
      </Box>
      {!reporting && upgradeTo && (
        <Typography variant="body2" color="text.secondary" mt={1.5}>
          Advanced reporting is included from the {upgradeTo.name} plan.{' '}
          <RouterLink to="/admin/subscription?tab=plans">Upgrade to {upgradeTo.name}</RouterLink>
        </Typography>
      )}
    </Paper>
  );
}
