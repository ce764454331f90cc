import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, IconButton, Link, List, ListItem, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '@/common/LoadingScreen';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import { plansApi, type PlanDefinition } from '@/providers/paymentPlans';
import { formsApi } from '@/providers/registrationForms';
import { SettingsSection } from '@/settings/SettingsSection';
import { PlanDefinitionDialog } from '@/payment-plans/PlanDefinitionDialog';
import { PlanSettingsForm } from '@/payment-plans/PlanSettingsForm';
import { planSummary } from '@/payment-plans/planForm';

/** Settings › Payment plans (issue 40 §1): the plans offered per class or per term, and the rules every plan follows. */
export function PaymentPlansTab() {
  const settings = useQuery({ queryKey: ['payment-plan-settings'], queryFn: plansApi.settings });
  return (
    <Stack spacing={3}>
      <PlanDefinitions />
      {settings.isPending ? (
        <LoadingScreen message="Loading settings..." />
      ) : settings.data ? (
        <PlanSettingsForm saved={settings.data} />
      ) : (
        <Typography color="error">Failed to load the payment plan settings</Typography>
      )}
    </Stack>
  );
}

function PlanDefinitions() {
  const dp = useAppDataProvider();
  const plans = useQuery({ queryKey: ['payment-plan-definitions'], queryFn: plansApi.definitions });
  const classes = useQuery({ queryKey: ['registration-form-classes'], queryFn: formsApi.classes });
  const terms = useQuery({ queryKey: ['terms'], queryFn: () => dp.getTerms() });
  const [editing, setEditing] = useState<PlanDefinition | 'new' | null>(null);
  const remove = useMutation({ mutationFn: plansApi.removeDefinition, onSuccess: () => void plans.refetch() });
  const classList = classes.data ?? [];
  const termList = (terms.data ?? []).map((t) => ({ id: t.id, name: t.name }));
  const offeredOn = (p: PlanDefinition) =>
    p.classId
      ? (classList.find((c) => c.id === p.classId)?.title ?? 'A class')
      : `Every class of ${termList.find((t) => t.id === p.termId)?.name ?? 'a term'}`;

  return (
    <SettingsSection
      title="Payment plans offered"
      maxWidth={760}
      action={
        <Button variant="contained" onClick={() => setEditing('new')}>
          New plan
        </Button>
      }
    >
      <Typography color="text.secondary">
        A family can pay a deposit today and the rest in instalments charged automatically. A class&apos;s own plans win over its
        term&apos;s.{' '}
        <Link component={RouterLink} to="/admin/payment-plans">
          See the payers&apos; plans
        </Link>
      </Typography>
      {plans.isPending ? (
        <LoadingScreen message="Loading plans..." />
      ) : !plans.data?.length ? (
        <Typography>No payment plans yet: every registration pays in full.</Typography>
      ) : (
        <List aria-label="Payment plans offered" disablePadding>
          {plans.data.map((p) => (
            <ListItem
              key={p.id}
              divider
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title="Edit">
                    <IconButton aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton aria-label={`Delete ${p.name}`} onClick={() => remove.mutate(p.id)} disabled={remove.isPending}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText primary={`${p.name} · ${offeredOn(p)}`} secondary={planSummary(p)} />
            </ListItem>
          ))}
        </List>
      )}
      {remove.error && <Alert severity="error">{errorMessage(remove.error, 'Failed to delete the plan. Please try again')}</Alert>}
      {editing && (
        <PlanDefinitionDialog
          plan={editing === 'new' ? null : editing}
          classes={classList}
          terms={termList}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void plans.refetch();
          }}
        />
      )}
    </SettingsSection>
  );
}
