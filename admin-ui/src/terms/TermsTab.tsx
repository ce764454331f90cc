/**
 * Settings › Terms: react-admin's 'terms' resource. The list is a ListBase; the form under it a CreateBase ('New
 * term') or, once a row's Edit is clicked, an EditBase of that term, so a save refreshes the list through react-admin's
 * cache. The times are typed and shown in the organization's zone (FormZonedDateTimeField).
 */
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateBase, EditBase, Form, ListBase, useDelete, useListContext, useSaveContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  TableBody,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import { SimpleTable, type Column } from '@/common/SimpleTable';
import { FormTextField } from '@/common/formField';
import type { Settings, Term } from '@/providers/types';
import { formatInZone } from '@/common/zonedTime';
import { FormZonedDateTimeField } from '@/common/ZonedDateTimeField';
import { SettingsSection } from '@/settings/SettingsSection';
import { WaitingRoomSettings } from '@/settings/WaitingRoomSettings';
import { ClosedDatesSettings } from '@/sessions/ClosedDatesSettings';
import { EMPTY_TERM_FORM, canSaveTerm, termFormOf, termInputOf, type TermForm } from './termForm';

const RESOURCE = 'terms';
const FORM_ID = 'term-form';
const TERM_COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'Dates' },
  { label: 'Registration opens' },
  { label: 'Closes' },
  { label: 'Early access' },
  { label: 'Classes', align: 'right' },
  { label: '' },
];
// On a phone one cell holds the whole term, beside its buttons.
const TERM_COLUMNS_COMPACT: Column[] = [{ label: 'Term' }, { label: '' }];

/** Settings › Terms: the seasons, when their registration opens and closes, early access, late registration and the opening's waiting room. */
export function TermsTab({ settings }: { settings: Settings }) {
  const dp = useAppDataProvider();
  const client = useQueryClient();
  const late = useMutation({
    mutationFn: (on: boolean) => dp.saveSettings({ lateRegistration: on }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['settings'] }),
  });
  const lateOn = late.isPending ? !!late.variables : settings.lateRegistration;

  return (
    <Stack spacing={2.5}>
      <SettingsSection title="Terms" maxWidth={1060}>
        <Typography color="text.secondary">
          A term is a season of classes. Its registration opens at a set minute; a class in the term follows these times unless it has its
          own. From the early-access time, people who took a class in an earlier term get an email with a link to register first.
        </Typography>
        {/* Every term on one page, newest first, as the screen always listed them (the server pages at 1,000). */}
        <ListBase<Term> resource={RESOURCE} sort={{ field: 'startDate', order: 'DESC' }} perPage={1000} disableSyncWithLocation>
          <Terms zone={settings.timeZone ?? settings.defaultTimeZone} />
        </ListBase>
      </SettingsSection>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1060 }} component="section" aria-labelledby="late-heading">
        <Stack spacing={1}>
          <Typography variant="h6" component="h2" id="late-heading">
            Late registration
          </Typography>
          <Typography color="text.secondary">
            A class that has started can still take registrations, at its price prorated by the sessions left (shown as a line of the
            price). Off: registration for a class closes when it starts.
          </Typography>
          <FormControlLabel
            control={<Switch checked={lateOn} onChange={(_, on) => late.mutate(on)} disabled={late.isPending} />}
            label="Take registrations for classes that have started"
          />
          {late.error && <Alert severity="error">{errorMessage(late.error, 'Failed to save the setting. Please try again')}</Alert>}
        </Stack>
      </Paper>
      <WaitingRoomSettings settings={settings} />
      <ClosedDatesSettings zone={settings.timeZone ?? settings.defaultTimeZone} />
    </Stack>
  );
}

function Terms({ zone }: { zone: string }) {
  const list = useListContext<Term>();
  const client = useQueryClient();
  const when = (iso: string | null) => formatInZone(iso, zone, true);
  const [editing, setEditing] = useState<Term | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // A new, empty form after each save or cancel.
  const [formKey, setFormKey] = useState(0);
  const [remove, { isPending: removing }] = useDelete<Term>();
  const compact = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const formHeading = useRef<HTMLHeadingElement>(null);

  const done = (message: string | null) => {
    if (message) setNotice(message);
    setEditing(null);
    setFormKey((k) => k + 1);
    // The classes screens read the terms too (their term pickers and filter): they see the change at once.
    if (message) void client.invalidateQueries({ queryKey: ['terms'] });
  };
  /** Edit a term: its values in the form, which is brought into view (on a phone it is far below the list). */
  const edit = (t: Term) => {
    setEditing(t);
    setFormKey((k) => k + 1);
    setNotice(null);
    requestAnimationFrame(() => {
      formHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      formHeading.current?.focus({ preventScroll: true });
    });
  };
  const removeTerm = (t: Term) => {
    setNotice(null);
    setError(null);
    void remove(
      RESOURCE,
      { id: t.id, previousData: t },
      { mutationMode: 'pessimistic', onSuccess: () => done('Term deleted'), onError: setError },
    );
  };
  const mutationOptions = {
    onMutate: () => {
      setNotice(null);
      setError(null);
    },
    onSuccess: (saved: Term) => done(`Term ${saved.name} saved`),
    onError: setError,
  };
  const fields = (record: TermForm) => (
    <TermFormBody record={record}>
      <TermFields editing={editing} zone={zone} notice={notice} error={error} headingRef={formHeading} onCancel={() => done(null)} />
    </TermFormBody>
  );

  return (
    <>
      {list.error && <Alert severity="error">{errorMessage(list.error, 'Failed to load terms')}</Alert>}
      <SimpleTable bare label="Terms" columns={compact ? TERM_COLUMNS_COMPACT : TERM_COLUMNS}>
        <TableBody>
          {(list.data ?? []).map((t) => {
            const actions = (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: compact ? 'top' : undefined }}>
                <Button size="small" onClick={() => edit(t)}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => removeTerm(t)} disabled={removing}>
                  Delete
                </Button>
              </TableCell>
            );
            // On a phone the seven columns do not fit: one cell says it all, line by line.
            if (compact)
              return (
                <TableRow key={t.id}>
                  <TableCell>
                    <Typography fontWeight={600}>{t.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t.startDate} – {t.endDate} · {t.classCount} {t.classCount === 1 ? 'class' : 'classes'}
                    </Typography>
                    <Typography variant="body2">Opens {when(t.registrationOpensAt)}</Typography>
                    {t.registrationClosesAt && <Typography variant="body2">Closes {when(t.registrationClosesAt)}</Typography>}
                    {t.earlyAccessOpensAt && <Typography variant="body2">Early access {when(t.earlyAccessOpensAt)}</Typography>}
                  </TableCell>
                  {actions}
                </TableRow>
              );
            return (
              <TableRow key={t.id}>
                <TableCell>{t.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t.startDate} – {t.endDate}
                </TableCell>
                <TableCell>{when(t.registrationOpensAt)}</TableCell>
                <TableCell>{when(t.registrationClosesAt)}</TableCell>
                <TableCell>{when(t.earlyAccessOpensAt)}</TableCell>
                <TableCell align="right">{t.classCount}</TableCell>
                {actions}
              </TableRow>
            );
          })}
          {list.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={compact ? 2 : 7}>No terms yet</TableCell>
            </TableRow>
          )}
        </TableBody>
      </SimpleTable>
      {editing ? (
        <EditBase<Term>
          key={formKey}
          resource={RESOURCE}
          id={editing.id}
          mutationMode="pessimistic"
          redirect={false}
          transform={(f: TermForm) => termInputOf(f, zone)}
          mutationOptions={mutationOptions}
        >
          {fields(termFormOf(editing, zone))}
        </EditBase>
      ) : (
        <CreateBase<Term>
          key={formKey}
          resource={RESOURCE}
          redirect={false}
          transform={(f: TermForm) => termInputOf(f, zone)}
          mutationOptions={mutationOptions}
        >
          {fields(EMPTY_TERM_FORM)}
        </CreateBase>
      )}
    </>
  );
}

/**
 * The react-admin Form of the term. Its submit saves and leaves a refusal to the alert under the fields (the server's
 * message, e.g. 'Registration must close after it opens'), as the screen always showed it, rather than under a field.
 */
function TermFormBody({ record, children }: { record: TermForm; children: ReactNode }) {
  const { save } = useSaveContext();
  return (
    <Form id={FORM_ID} record={record} noValidate onSubmit={async (values: Record<string, unknown>) => void (await save?.(values))}>
      {children}
    </Form>
  );
}

/** The form under the list: its heading, the fields, the last save's notice or refusal, then Create/Save and Cancel. */
function TermFields({
  editing,
  zone,
  notice,
  error,
  headingRef,
  onCancel,
}: {
  editing: Term | null;
  zone: string;
  notice: string | null;
  error: unknown;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onCancel: () => void;
}) {
  const { saving } = useSaveContext();
  const values = useWatch() as Partial<TermForm>;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" fontWeight={600} ref={headingRef} tabIndex={-1}>
        {editing ? `Edit ${editing.name}` : 'New term'}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <FormTextField source="name" label="Name" hint="For example Summer 2027" />
        <FormTextField source="startDate" label="First day" type="date" slotProps={{ inputLabel: { shrink: true } }} />
        <FormTextField source="endDate" label="Last day" type="date" slotProps={{ inputLabel: { shrink: true } }} />
        <FormZonedDateTimeField source="registrationOpensAt" label="Registration opens" timeZone={zone} />
        <FormZonedDateTimeField source="registrationClosesAt" label="Registration closes" timeZone={zone} hint="Empty: stays open" />
        <FormZonedDateTimeField source="earlyAccessOpensAt" label="Early access opens" timeZone={zone} hint="Empty: no early access" />
      </Box>
      {notice && <Alert severity="success">{notice}</Alert>}
      {!!error && <Alert severity="error">{errorMessage(error, 'Failed to save the term. Please try again')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" form={FORM_ID} variant="contained" disabled={!canSaveTerm(values) || saving}>
          {saving ? 'Saving...' : editing ? 'Save term' : 'Create term'}
        </Button>
        {editing && <Button onClick={onCancel}>Cancel</Button>}
      </Stack>
    </Stack>
  );
}
