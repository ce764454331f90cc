import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useRef } from 'react';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import { SimpleTable, type Column } from '@/common/SimpleTable';
import { InlineFormActions } from './InlineFormActions';
import { useInlineEditor } from './useInlineEditor';
import type { Settings, Term, TermInput } from '@/providers/types';
import { formatInZone, fromZonedInput, toZonedInput } from '@/common/zonedTime';
import { ZonedDateTimeField } from '@/common/ZonedDateTimeField';
import { SettingsSection } from '@/settings/SettingsSection';
import { WaitingRoomSettings } from '@/settings/WaitingRoomSettings';

const KEY = ['terms'] as const;
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

interface TermForm {
  name: string;
  startDate: string;
  endDate: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  earlyAccessOpensAt: string;
}
const EMPTY: TermForm = { name: '', startDate: '', endDate: '', registrationOpensAt: '', registrationClosesAt: '', earlyAccessOpensAt: '' };

// The opening times are entered and shown in the organization's time zone, whatever the admin's browser says.
const formOf = (t: Term, zone: string): TermForm => ({
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  registrationOpensAt: toZonedInput(t.registrationOpensAt, zone),
  registrationClosesAt: toZonedInput(t.registrationClosesAt, zone),
  earlyAccessOpensAt: toZonedInput(t.earlyAccessOpensAt, zone),
});

const inputOf = (f: TermForm, zone: string): TermInput => ({
  name: f.name.trim(),
  startDate: f.startDate,
  endDate: f.endDate,
  registrationOpensAt: fromZonedInput(f.registrationOpensAt, zone) ?? '',
  registrationClosesAt: fromZonedInput(f.registrationClosesAt, zone),
  earlyAccessOpensAt: fromZonedInput(f.earlyAccessOpensAt, zone),
});

/** Settings › Terms: the seasons, when their registration opens and closes, early access, late registration and the opening's waiting room. */
export function TermsTab({ settings }: { settings: Settings }) {
  const dp = useAppDataProvider();
  const client = useQueryClient();
  const zone = settings.timeZone ?? settings.defaultTimeZone;
  const when = (iso: string | null) => formatInZone(iso, zone, true);
  const terms = useQuery({ queryKey: KEY, queryFn: () => dp.getTerms() });
  const { editing, setEditing, form, setForm, set, notice, setNotice, done, cancel } = useInlineEditor<Term, TermForm>(KEY, EMPTY);
  const save = useMutation({
    mutationFn: () => (editing ? dp.updateTerm(editing.id, inputOf(form, zone)) : dp.createTerm(inputOf(form, zone))),
    onMutate: () => setNotice(null),
    onSuccess: (t) => done(`Term ${t.name} saved`),
  });
  const remove = useMutation({
    mutationFn: (t: Term) => dp.deleteTerm(t.id),
    onMutate: () => setNotice(null),
    onSuccess: () => done('Term deleted'),
  });
  const late = useMutation({
    mutationFn: (on: boolean) => dp.saveSettings({ lateRegistration: on }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['settings'] }),
  });
  const compact = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const formHeading = useRef<HTMLHeadingElement>(null);
  /** Edit a term: its values in the form, which is brought into view (on a phone it is far below the list). */
  const edit = (t: Term) => {
    setEditing(t);
    setForm(formOf(t, zone));
    setNotice(null);
    requestAnimationFrame(() => {
      formHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      formHeading.current?.focus({ preventScroll: true });
    });
  };
  const valid = !!form.name.trim() && !!form.startDate && !!form.endDate && !!form.registrationOpensAt;
  const lateOn = late.isPending ? !!late.variables : settings.lateRegistration;

  return (
    <Stack spacing={2.5}>
      <SettingsSection title="Terms" maxWidth={1060}>
        <Typography color="text.secondary">
          A term is a season of classes. Its registration opens at a set minute; a class in the term follows these times unless it has its
          own. From the early-access time, people who took a class in an earlier term get an email with a link to register first.
        </Typography>
        {terms.error && <Alert severity="error">{errorMessage(terms.error, 'Failed to load terms')}</Alert>}
        <SimpleTable bare label="Terms" columns={compact ? TERM_COLUMNS_COMPACT : TERM_COLUMNS}>
          <TableBody>
            {(terms.data ?? []).map((t) => {
              const actions = (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: compact ? 'top' : undefined }}>
                  <Button size="small" onClick={() => edit(t)}>
                    Edit
                  </Button>
                  <Button size="small" color="error" onClick={() => remove.mutate(t)} disabled={remove.isPending}>
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
            {terms.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={compact ? 2 : 7}>No terms yet</TableCell>
              </TableRow>
            )}
          </TableBody>
        </SimpleTable>
        <Typography variant="subtitle1" component="h3" fontWeight={600} ref={formHeading} tabIndex={-1}>
          {editing ? `Edit ${editing.name}` : 'New term'}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <TextField label="Name" value={form.name} onChange={(e) => set({ name: e.target.value })} helperText="For example Summer 2027" />
          <TextField
            label="First day"
            type="date"
            value={form.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Last day"
            type="date"
            value={form.endDate}
            onChange={(e) => set({ endDate: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <ZonedDateTimeField
            label="Registration opens"
            timeZone={zone}
            value={form.registrationOpensAt}
            onChange={(v) => set({ registrationOpensAt: v })}
          />
          <ZonedDateTimeField
            label="Registration closes"
            timeZone={zone}
            hint="Empty: stays open"
            value={form.registrationClosesAt}
            onChange={(v) => set({ registrationClosesAt: v })}
          />
          <ZonedDateTimeField
            label="Early access opens"
            timeZone={zone}
            hint="Empty: no early access"
            value={form.earlyAccessOpensAt}
            onChange={(v) => set({ earlyAccessOpensAt: v })}
          />
        </Box>
        <InlineFormActions
          noun="term"
          notice={notice}
          error={save.error ?? remove.error}
          saving={save.isPending}
          canSave={valid}
          editing={!!editing}
          onSave={() => save.mutate()}
          onCancel={cancel}
        />
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
    </Stack>
  );
}
