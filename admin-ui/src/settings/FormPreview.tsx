import { useState } from 'react';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import type { Question } from '@/providers/registrationForms';
import { SettingsSection } from '@/settings/SettingsSection';

const INPUT_TYPE: Partial<Record<Question['type'], string>> = { date: 'date', number: 'number', phone: 'tel' };

/**
 * The questions as a student sees them on the first registration step, for one class (each question's classes
 * and 'hidden' applied), in order, with their hints and required marks. The fields can be tried; nothing is sent.
 */
export function FormPreview({ questions, classes }: { questions: Question[]; classes: { id: string; title: string }[] }) {
  const [classId, setClassId] = useState('');
  const shown = questions.filter((q) => q.active && (!q.classIds || (classId !== '' && q.classIds.includes(classId))));
  return (
    <SettingsSection title="Preview as the student sees it" maxWidth={720}>
      <TextField
        select
        label="Registration for"
        value={classId}
        onChange={(e) => setClassId(e.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        helperText="Questions limited to some classes show for those classes only"
      >
        <MenuItem value="">Any class (questions for every class)</MenuItem>
        {classes.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.title}
          </MenuItem>
        ))}
      </TextField>
      <Box
        component="fieldset"
        aria-label="Form preview"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, display: 'grid', gap: 2 }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
          A few questions
        </Typography>
        {shown.length === 0 ? (
          <Typography color="text.secondary">No questions for this class: the registration asks only name, email and phone.</Typography>
        ) : (
          shown.map((q) => <PreviewField key={q.id} q={q} />)
        )}
      </Box>
    </SettingsSection>
  );
}

function PreviewField({ q }: { q: Question }) {
  const id = `preview-${q.id}`;
  const label = `${q.label}${q.perAttendee ? ' (for each person)' : ''}`;
  if (q.type === 'single_choice' || q.type === 'multi_choice' || q.type === 'checkbox')
    return (
      <FormControl required={q.required} component="fieldset">
        {q.type !== 'checkbox' ? <FormLabel component="legend">{label}</FormLabel> : null}
        {q.type === 'single_choice' ? (
          <RadioGroup name={id}>
            {q.options.map((o) => (
              <FormControlLabel key={o} value={o} control={<Radio />} label={o} />
            ))}
          </RadioGroup>
        ) : q.type === 'multi_choice' ? (
          <FormGroup>
            {q.options.map((o) => (
              <FormControlLabel key={o} control={<Checkbox />} label={o} />
            ))}
          </FormGroup>
        ) : (
          <FormControlLabel control={<Checkbox />} label={`${label}${q.required ? ' *' : ''}`} />
        )}
        {q.hint ? <FormHelperText>{q.hint}</FormHelperText> : null}
      </FormControl>
    );
  return (
    <TextField
      id={id}
      label={label}
      required={q.required}
      helperText={q.hint ?? undefined}
      multiline={q.type === 'long_text'}
      minRows={q.type === 'long_text' ? 3 : undefined}
      type={INPUT_TYPE[q.type] ?? 'text'}
      slotProps={q.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}
