import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/providers/httpClient';
import { plansApi, type PlanDefinition, type PlanInterval } from '@/providers/paymentPlans';
import { EMPTY_PLAN, formFromPlan, INTERVAL_LABELS, planInput, type PlanForm } from '@/payment-plans/planForm';

/** Add or change one plan: what it is offered on, its deposit, and its schedule (an interval, or explicit dates). */
export function PlanDefinitionDialog({
  plan,
  classes,
  terms,
  onClose,
  onSaved,
}: {
  plan: PlanDefinition | null;
  classes: { id: string; title: string }[];
  terms: { id: string; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [f, setF] = useState<PlanForm>(plan ? formFromPlan(plan) : EMPTY_PLAN);
  const [shown, setShown] = useState<string | null>(null);
  const set = (patch: Partial<PlanForm>) => setF({ ...f, ...patch });
  const save = useMutation({
    mutationFn: async () => {
      const checked = planInput(f);
      if ('problem' in checked) throw new Error(checked.problem);
      return plan ? plansApi.updateDefinition(plan.id, checked.input) : plansApi.createDefinition(checked.input);
    },
    onSuccess: onSaved,
    onError: (e) => setShown(errorMessage(e, 'Failed to save the plan. Please try again')),
  });
  const title = plan ? 'Edit payment plan' : 'New payment plan';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="plan-dialog-title">
      <DialogTitle id="plan-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Plan name" value={f.name} onChange={(e) => set({ name: e.target.value })} required />
          <TextField select label="Offered on" value={f.scope} onChange={(e) => set({ scope: e.target.value })} required>
            <ListSubheader>Classes</ListSubheader>
            {classes.map((c) => (
              <MenuItem key={c.id} value={`class:${c.id}`}>
                {c.title}
              </MenuItem>
            ))}
            <ListSubheader>Every class of a term</ListSubheader>
            {terms.map((t) => (
              <MenuItem key={t.id} value={`term:${t.id}`}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label="Deposit as"
              value={f.depositKind}
              onChange={(e) => set({ depositKind: e.target.value as PlanForm['depositKind'] })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="amount">Amount ($)</MenuItem>
              <MenuItem value="percent">Percent of price</MenuItem>
            </TextField>
            <TextField
              label={f.depositKind === 'percent' ? 'Deposit (%)' : 'Deposit ($)'}
              type="number"
              value={f.depositValue}
              onChange={(e) => set({ depositValue: e.target.value })}
              helperText="0: nothing today, the card is saved"
            />
          </Stack>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={f.schedule}
            onChange={(_, v: PlanForm['schedule'] | null) => v && set({ schedule: v })}
            aria-label="Schedule"
          >
            <ToggleButton value="interval">Regular payments</ToggleButton>
            <ToggleButton value="dates">Set dates</ToggleButton>
          </ToggleButtonGroup>
          {f.schedule === 'interval' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} flexWrap="wrap" useFlexGap>
              <TextField
                select
                label="Every"
                value={f.interval}
                onChange={(e) => set({ interval: e.target.value as PlanInterval })}
                sx={{ minWidth: 150 }}
              >
                {(Object.keys(INTERVAL_LABELS) as PlanInterval[]).map((k) => (
                  <MenuItem key={k} value={k}>
                    {INTERVAL_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Number of payments"
                type="number"
                value={f.instalmentCount}
                onChange={(e) => set({ instalmentCount: e.target.value })}
                helperText="Empty: as many as fit"
              />
              <TextField
                label="First due date"
                type="date"
                value={f.firstDueDate}
                onChange={(e) => set({ firstDueDate: e.target.value })}
                helperText="Empty: one interval after registering"
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label="Paid in full by"
                type="date"
                value={f.paidInFullBy}
                onChange={(e) => set({ paidInFullBy: e.target.value })}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          ) : (
            <TextField
              label="Due dates"
              value={f.dueDates}
              onChange={(e) => set({ dueDates: e.target.value })}
              helperText="YYYY-MM-DD, separated by commas; the balance is split equally"
            />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Offered from a price of ($)"
              type="number"
              value={f.minPrice}
              onChange={(e) => set({ minPrice: e.target.value })}
            />
            <TextField label="Surcharge ($)" type="number" value={f.surcharge} onChange={(e) => set({ surcharge: e.target.value })} />
            <TextField
              label="Last day to choose it"
              type="date"
              value={f.chooseBy}
              onChange={(e) => set({ chooseBy: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          {shown && <Alert severity="error">{shown}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save plan'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
