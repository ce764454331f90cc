/**
 * Settings › Make-ups (issue 41 §3): the organization's make-up policy, and the classes with a policy of their own
 * (used instead of the organization's for that class).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';
import type { ClassRecord } from '@/providers/types';
import { SettingsSection } from '@/settings/SettingsSection';
import { MakeupPolicyFields } from '@/makeups/MakeupPolicyFields';
import { makeupPoliciesApi, policyFormOf, policyInputOf, type MakeupPolicy, type MakeupPolicyForm } from '@/makeups/makeupPolicyForm';

const KEY = ['makeup-policies'];

export function MakeupsTab() {
  const policies = useQuery({ queryKey: KEY, queryFn: makeupPoliciesApi.list });
  const classes = useGetList<ClassRecord>('classes', { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' } });
  const [classId, setClassId] = useState<string | null>(null);
  if (policies.isPending) return <CircularProgress aria-label="Loading make-up policies" />;
  if (policies.error) return <Alert severity="error">{errorMessage(policies.error, 'Failed to load the make-up policies')}</Alert>;
  const all = classes.data ?? [];
  const title = (id: string) => all.find((c) => c.id === id)?.title ?? 'A class';
  const own = policies.data.classes;
  const chosen = classId ? (own.find((p) => p.classId === classId) ?? { ...policies.data.organization, classId }) : null;
  return (
    <Stack spacing={2.5}>
      <SettingsSection title="Make-up policy" maxWidth={1060}>
        <Typography color="text.secondary">
          When a missed session earns a make-up token, how long it lasts and which sessions it books. Every class follows this policy unless
          it has its own.
        </Typography>
        <PolicyEditor policy={policies.data.organization} classes={all} save={makeupPoliciesApi.save} />
      </SettingsSection>
      <SettingsSection title="Classes with their own policy" maxWidth={1060}>
        {own.length === 0 ? (
          <Typography color="text.secondary">No class has its own policy.</Typography>
        ) : (
          <List dense disablePadding aria-label="Classes with their own policy">
            {own.map((p) => (
              <ListItem key={p.classId} disableGutters secondaryAction={<Button onClick={() => setClassId(p.classId)}>Edit</Button>}>
                <ListItemText primary={title(p.classId!)} />
              </ListItem>
            ))}
          </List>
        )}
        <TextField
          select
          label="Class"
          value={classId ?? ''}
          onChange={(e) => setClassId(e.target.value || null)}
          size="small"
          sx={{ maxWidth: 360 }}
        >
          {all.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.title}
            </MenuItem>
          ))}
        </TextField>
        {chosen && (
          <PolicyEditor
            key={chosen.classId}
            policy={chosen}
            classes={all}
            save={(input) => makeupPoliciesApi.saveForClass(chosen.classId!, input)}
            remove={own.some((p) => p.classId === chosen.classId) ? () => makeupPoliciesApi.removeForClass(chosen.classId!) : undefined}
            onRemoved={() => setClassId(null)}
          />
        )}
      </SettingsSection>
    </Stack>
  );
}

function PolicyEditor({
  policy,
  classes,
  save,
  remove,
  onRemoved,
}: {
  policy: MakeupPolicy;
  classes: ClassRecord[];
  save: (input: NonNullable<ReturnType<typeof policyInputOf>['body']>) => Promise<MakeupPolicy>;
  remove?: () => Promise<unknown>;
  onRemoved?: () => void;
}) {
  const [f, setF] = useState<MakeupPolicyForm>(() => policyFormOf(policy));
  useEffect(() => setF(policyFormOf(policy)), [policy]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useTimedMessage(4000);
  const qc = useQueryClient();
  const run = async (action: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      setSaved(message);
      await qc.invalidateQueries({ queryKey: KEY });
      return true;
    } catch (e) {
      setFailure(errorMessage(e, 'Failed to save the make-up policy. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = () => {
    const plan = policyInputOf(f);
    if (!plan.body) return setFailure(plan.error ?? null);
    void run(() => save(plan.body!), policy.classId ? "The class's make-up policy is saved" : 'Make-up policy saved');
  };
  return (
    <Stack spacing={2}>
      {policy.classId && (
        <Typography
          variant="subtitle1"
          component="h3"
          fontWeight={600}
        >{`Policy of ${classes.find((c) => c.id === policy.classId)?.title ?? 'the class'}`}</Typography>
      )}
      <MakeupPolicyFields form={f} onChange={(patch) => setF((old) => ({ ...old, ...patch }))} classes={classes} />
      {failure && <Alert severity="error">{failure}</Alert>}
      {saved && (
        <Alert severity="success" role="status">
          {saved}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {busy ? 'Saving...' : 'Save policy'}
        </Button>
        {remove && (
          <Button
            color="error"
            disabled={busy}
            onClick={() => void run(remove, "The organization's policy applies to the class again").then((ok) => ok && onRemoved?.())}
          >
            Use the organization&apos;s policy
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
