import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { ClassPicker } from './ClassPicker';
import { FormPreview } from './FormPreview';
import { errorMessage } from '@/providers/httpClient';
import { formsApi, TYPE_LABELS, type Question, type QuestionType } from '@/providers/registrationForms';
import { SettingsSection } from '@/settings/SettingsSection';

const CHOICE: QuestionType[] = ['single_choice', 'multi_choice'];
const EMPTY = {
  label: '',
  hint: '',
  type: 'short_text' as QuestionType,
  options: '',
  required: false,
  perAttendee: false,
  showToTeacher: false,
  classIds: [] as string[],
};

/**
 * Settings → Registration form: the organization's own questions, asked on step 1 of the public
 * registration in this order. A question with answers is archived when deleted, so its answers stay readable.
 */
export function RegistrationFormTab() {
  const qc = useQueryClient();
  const questions = useQuery({ queryKey: ['registration-questions'], queryFn: formsApi.questions });
  const classes = useQuery({ queryKey: ['registration-form-classes'], queryFn: formsApi.classes });
  const [draft, setDraft] = useState(EMPTY);
  /** The question being edited in the form below; null: the form adds a new one. */
  const [editing, setEditing] = useState<Question | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['registration-questions'] });

  const fields = () => ({
    label: draft.label,
    hint: draft.hint || null,
    type: draft.type,
    options: CHOICE.includes(draft.type)
      ? draft.options
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    required: draft.required,
    perAttendee: draft.perAttendee,
    showToTeacher: draft.showToTeacher,
    classIds: draft.classIds.length ? draft.classIds : null,
  });
  const add = useMutation({
    // The type of a question with answers is locked (the server refuses it too): it is not sent.
    mutationFn: () => {
      if (!editing) return formsApi.addQuestion(fields());
      const { type, ...rest } = fields();
      return formsApi.updateQuestion(editing.id, editing.answerCount > 0 ? rest : { ...rest, type });
    },
    onSuccess: async () => {
      setMessage(editing ? `“${draft.label}” saved` : 'Question added');
      setDraft(EMPTY);
      setEditing(null);
      setErrors({});
      await refresh();
    },
    onError: (e) =>
      setErrors({
        ...((e as { body?: { errors?: Record<string, string> } }).body?.errors ?? {}),
        form: errorMessage(e, editing ? 'Could not save the question' : 'Could not add the question'),
      }),
  });
  const edit = (q: Question) => {
    setEditing(q);
    setErrors({});
    setDraft({
      label: q.label,
      hint: q.hint ?? '',
      type: q.type,
      options: q.options.join(', '),
      required: q.required,
      perAttendee: q.perAttendee,
      showToTeacher: q.showToTeacher,
      classIds: q.classIds ?? [],
    });
    // The form is below the list: bring it (and its first field) to the keyboard and the eye.
    requestAnimationFrame(() => document.getElementById('question-label')?.focus());
  };
  const move = useMutation({
    mutationFn: async ({ list, from, to }: { list: Question[]; from: number; to: number }) => {
      const order = [...list];
      const [q] = order.splice(from, 1);
      order.splice(to, 0, q);
      // Positions follow the list order; only the questions whose position changes are saved.
      for (const [i, x] of order.entries()) if (x.position !== i) await formsApi.updateQuestion(x.id, { position: i });
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (q: Question) => formsApi.deleteQuestion(q.id),
    onSuccess: async (r, q) => {
      setMessage(r.archived ? `“${q.label}” has answers: it was archived and its answers stay readable` : `“${q.label}” deleted`);
      await refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: ({ q, patch }: { q: Question; patch: Partial<Question> }) => formsApi.updateQuestion(q.id, patch),
    onSettled: refresh,
  });

  const list = questions.data ?? [];
  const className = (id: string) => classes.data?.find((c) => c.id === id)?.title ?? 'A class';

  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="questions-heading">
        <Typography variant="h6" component="h2" id="questions-heading">
          Registration questions
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Asked on the first step of the registration, in this order, after name, email and phone.
        </Typography>
        {message ? (
          <Alert severity="info" onClose={() => setMessage(null)} sx={{ mb: 2 }}>
            {message}
          </Alert>
        ) : null}
        {questions.isPending ? (
          <Typography>Loading questions…</Typography>
        ) : list.length === 0 ? (
          <Typography>No questions yet: the registration asks only name, email and phone.</Typography>
        ) : (
          <List aria-label="Questions in order">
            {list.map((q, i) => (
              <ListItem
                key={q.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <IconButton aria-label={`Edit ${q.label}`} onClick={() => edit(q)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${q.label} up`}
                      disabled={i === 0 || move.isPending}
                      onClick={() => move.mutate({ list, from: i, to: i - 1 })}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${q.label} down`}
                      disabled={i === list.length - 1 || move.isPending}
                      onClick={() => move.mutate({ list, from: i, to: i + 1 })}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${q.label}`} onClick={() => remove.mutate(q)}>
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                      <span>{q.label}</span>
                      <Chip size="small" label={TYPE_LABELS[q.type]} />
                      {q.required ? <Chip size="small" color="primary" label="Required" /> : null}
                      {q.perAttendee ? <Chip size="small" label="Each person" /> : null}
                      {q.showToTeacher ? <Chip size="small" color="warning" label="Shown to teachers" /> : null}
                      {!q.active ? <Chip size="small" label="Hidden" /> : null}
                    </Stack>
                  }
                  secondary={[
                    q.options.length ? `Options: ${q.options.join(', ')}` : null,
                    q.classIds ? `Only: ${q.classIds.map(className).join(', ')}` : 'Every class',
                    q.answerCount ? `${q.answerCount} answer${q.answerCount === 1 ? '' : 's'}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                <FormControlLabel
                  sx={{ mr: 24 }}
                  control={
                    <Checkbox
                      checked={q.required}
                      slotProps={{ input: { 'aria-label': `${q.label} is required` } }}
                      onChange={(e) => toggle.mutate({ q, patch: { required: e.target.checked } })}
                    />
                  }
                  label="Required"
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>

      <SettingsSection title={editing ? `Edit “${editing.label}”` : 'Add a question'} maxWidth={720}>
        {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
        <TextField
          id="question-label"
          label="Question"
          required
          value={draft.label}
          onChange={(e) => setDraft({ ...draft, label: e.target.value })}
          error={!!errors.label}
          helperText={errors.label}
        />
        <TextField label="Hint (optional)" value={draft.hint} onChange={(e) => setDraft({ ...draft, hint: e.target.value })} />
        <TextField
          select
          label="Answer type"
          value={draft.type}
          onChange={(e) => setDraft({ ...draft, type: e.target.value as QuestionType })}
          disabled={!!editing && editing.answerCount > 0}
          helperText={
            editing && editing.answerCount > 0
              ? 'Locked: this question has answers. To ask it another way, delete it (its answers are kept) and add a new one.'
              : undefined
          }
        >
          {Object.entries(TYPE_LABELS).map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        {CHOICE.includes(draft.type) ? (
          <TextField
            label="Options, separated by commas"
            value={draft.options}
            onChange={(e) => setDraft({ ...draft, options: e.target.value })}
            error={!!errors.options}
            helperText={errors.options ?? 'At least two, such as: Beginner, Some experience, Advanced'}
          />
        ) : null}
        <ClassPicker value={draft.classIds} classes={classes.data ?? []} onChange={(ids) => setDraft({ ...draft, classIds: ids })} />
        <Stack direction="row" flexWrap="wrap">
          <FormControlLabel
            control={<Checkbox checked={draft.required} onChange={(e) => setDraft({ ...draft, required: e.target.checked })} />}
            label="Required"
          />
          <FormControlLabel
            control={<Checkbox checked={draft.perAttendee} onChange={(e) => setDraft({ ...draft, perAttendee: e.target.checked })} />}
            label="Ask for each person (households)"
          />
          <FormControlLabel
            control={<Checkbox checked={draft.showToTeacher} onChange={(e) => setDraft({ ...draft, showToTeacher: e.target.checked })} />}
            label="Show to teachers on the roll (e.g. allergies)"
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={!draft.label.trim() || add.isPending} onClick={() => add.mutate()}>
            {editing ? 'Save changes' : 'Add question'}
          </Button>
          {editing ? (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
                setErrors({});
              }}
            >
              Cancel
            </Button>
          ) : null}
        </Stack>
      </SettingsSection>

      <FormPreview questions={list} classes={classes.data ?? []} />
    </Stack>
  );
}
