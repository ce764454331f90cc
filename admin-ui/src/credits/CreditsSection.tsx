import { useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useGetList } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, fullName } from '@/common/format';
import { useTimedMessage } from '@/common/useTimedMessage';
import type { ClassRecord, Student, TeamUser } from '@/providers/types';
import { creditsApi, type Credit } from '@/credits/creditsApi';
import { CreditChangeDialog, type CreditChange, type HouseholdPerson } from '@/credits/CreditChangeDialog';
import { GrantCreditDialog } from '@/credits/GrantCreditDialog';
import {
  actorText,
  amountText,
  buysText,
  canChange,
  hasLeft,
  KIND_LABELS,
  leftText,
  MOVEMENT_LABELS,
  signedAmount,
  SOURCE_LABELS,
  STATUS_LABELS,
  validityText,
} from '@/credits/creditText';

const ALL = { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' as const } };

/** The other people of the student's household: their contact, or the members they are the contact of. */
export function householdOf(record: Pick<Student, 'householdContact' | 'householdMembers'>): HouseholdPerson[] {
  const people = [...(record.householdContact ? [record.householdContact] : []), ...(record.householdMembers ?? [])];
  return people.map((p) => ({ id: p.id, name: fullName(p) }));
}

/** The student's credits in their panel (issue 41 §4): the balance, each credit with its ledger, and the admin's changes. */
export function CreditsSection({ record }: { record: Student }) {
  const key = ['students', record.id, 'credits'];
  const credits = useQuery({ queryKey: key, queryFn: () => creditsApi.ofStudent(record.id) });
  const team = useGetList<TeamUser>('team', ALL);
  const classes = useGetList<ClassRecord>('classes', ALL);
  const admins = useMemo(() => new Map((team.data ?? []).map((u) => [u.id, fullName(u) || u.email])), [team.data]);
  const classNames = useMemo(() => new Map((classes.data ?? []).map((c) => [c.id, c.title])), [classes.data]);
  const household = householdOf(record);
  const qc = useQueryClient();
  const [granting, setGranting] = useState(false);
  const [changing, setChanging] = useState<{ change: CreditChange; credit: Credit } | null>(null);
  const [done, setDone] = useTimedMessage(4000);
  const changed = (message: string) => {
    setGranting(false);
    setChanging(null);
    setDone(message);
    // The balance, the ledger and the history (the activity log) all moved.
    void qc.invalidateQueries({ queryKey: ['students', record.id] });
  };

  return (
    <Box component="section" aria-labelledby={`credits-${record.id}`}>
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="subtitle2" id={`credits-${record.id}`}>
          Credits
        </Typography>
        {/* "Grant", not "Grant credit": a name holding "edit" (cr-edit) would match the panel's Edit button in tests and for voice control. */}
        <Button size="small" startIcon={<AddIcon />} onClick={() => setGranting(true)}>
          Grant
        </Button>
      </Stack>
      {done && (
        <Alert severity="success" role="status" sx={{ my: 1 }}>
          {done}
        </Alert>
      )}
      {credits.isPending ? (
        <CircularProgress size={20} sx={{ mt: 1 }} aria-label="Loading credits" />
      ) : credits.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          Failed to load credits
        </Alert>
      ) : (
        <>
          <Typography variant="body2" mt={0.5} data-testid="credit-balance">
            Balance: {amountText('uses', credits.data.uses)} · {amountText('dollars', credits.data.dollars)} of account credit
          </Typography>
          {credits.data.credits.length === 0 ? (
            <Typography variant="body2" color="text.secondary" mt={0.5}>
              No credits yet
            </Typography>
          ) : (
            <Stack spacing={1} mt={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Credits">
              {credits.data.credits.map((c) => (
                <CreditCard
                  key={c.id}
                  credit={c}
                  admins={admins}
                  classNames={classNames}
                  canMove={household.length > 0}
                  onChange={(change) => setChanging({ change, credit: c })}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <GrantCreditDialog
        studentId={record.id}
        open={granting}
        canShareWithHousehold={(record.householdMembers ?? []).length > 0}
        onClose={() => setGranting(false)}
        onDone={(c) => changed(`Granted ${amountText(c.unit, c.granted)}`)}
      />
      <CreditChangeDialog
        change={changing?.change ?? null}
        credit={changing?.credit ?? null}
        household={household}
        onClose={() => setChanging(null)}
        onDone={changed}
      />
    </Box>
  );
}

function CreditCard({
  credit: c,
  admins,
  classNames,
  canMove,
  onChange,
}: {
  credit: Credit;
  admins: Map<string, string>;
  classNames: Map<string, string>;
  canMove: boolean;
  onChange: (change: CreditChange) => void;
}) {
  const title = c.label ?? KIND_LABELS[c.kind];
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={title}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
        <Typography variant="body2" fontWeight={600}>
          {title}
        </Typography>
        <Chip size="small" label={STATUS_LABELS[c.status] ?? c.status} color={c.status === 'active' ? 'success' : 'default'} />
      </Stack>
      <Typography variant="body2">
        {KIND_LABELS[c.kind]} · {buysText(c, { classes: classNames })}
        {c.household ? ' · whole household' : ''}
      </Typography>
      <Typography variant="body2">{leftText(c)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {validityText(c)} · {SOURCE_LABELS[c.source] ?? c.source}
      </Typography>
      <List dense disablePadding aria-label={`Ledger of ${title}`}>
        {c.movements.map((m) => (
          <ListItem key={m.id} disableGutters sx={{ py: 0 }}>
            <ListItemText
              primary={`${MOVEMENT_LABELS[m.kind] ?? m.kind} ${signedAmount(c.unit, m.amount)}`.trim()}
              secondary={[formatDateTime(m.createdAt), actorText(m, admins), m.reason].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {canChange(c) && (
        <Stack direction="row" spacing={1} mt={0.5} flexWrap="wrap" useFlexGap>
          <Button size="small" onClick={() => onChange('validity')}>
            Change validity
          </Button>
          {hasLeft(c) && canMove && (
            <Button size="small" onClick={() => onChange('transfer')}>
              Move
            </Button>
          )}
          {hasLeft(c) && (
            <Button size="small" color="error" onClick={() => onChange('revoke')}>
              Revoke
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
