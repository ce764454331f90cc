import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Paper, Stack, TableBody, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { saveFile } from '@/common/saveFile';
import { SimpleTable } from '@/common/SimpleTable';
import { errorMessage } from '@/providers/httpClient';
import { ClassPicker } from './ClassPicker';
import { formsApi, type Waiver } from '@/providers/registrationForms';
import { WaiverText } from './WaiverText';
import { SettingsSection } from '@/settings/SettingsSection';

/**
 * Settings → Waivers: each waiver with its versions (immutable, each with its SHA-256), the text of the
 * newest (the one registrations sign), a new version, and who signed which version with the signed PDF.
 */
export function WaiversTab() {
  const qc = useQueryClient();
  const waivers = useQuery({ queryKey: ['waivers'], queryFn: formsApi.waivers });
  const classes = useQuery({ queryKey: ['registration-form-classes'], queryFn: formsApi.classes });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [classIds, setClassIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => formsApi.addWaiver({ title, body, classIds: classIds.length ? classIds : null }),
    onSuccess: async () => {
      setTitle('');
      setBody('');
      setClassIds([]);
      setError(null);
      await qc.invalidateQueries({ queryKey: ['waivers'] });
    },
    onError: (e) => setError(errorMessage(e, 'Could not add the waiver')),
  });

  return (
    <Stack spacing={2.5}>
      {waivers.isPending ? (
        <Typography>Loading waivers…</Typography>
      ) : (waivers.data ?? []).length === 0 ? (
        <Typography>No waivers yet.</Typography>
      ) : (
        (waivers.data ?? []).map((w) => <WaiverPanel key={w.id} waiver={w} classes={classes.data ?? []} />)
      )}
      <SettingsSection title="Add a waiver" maxWidth={720}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextField
          label="Text (Markdown)"
          required
          multiline
          minRows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          helperText="# Heading, **bold**, *italic*, - list items, [link](https://…). HTML is shown as text."
        />
        <MarkdownPreview body={body} label="Preview of the new waiver" />
        <ClassPicker value={classIds} classes={classes.data ?? []} onChange={setClassIds} />
        <Stack direction="row">
          <Button variant="contained" disabled={!title.trim() || !body.trim() || add.isPending} onClick={() => add.mutate()}>
            Add waiver
          </Button>
        </Stack>
      </SettingsSection>
    </Stack>
  );
}

/** Shows the text being written as students will see it (rendered by the server), on request. */
function MarkdownPreview({ body, label }: { body: string; label: string }) {
  const [shown, setShown] = useState<string | null>(null);
  const preview = useMutation({ mutationFn: () => formsApi.preview(body), onSuccess: (r) => setShown(r.html) });
  return (
    <Stack spacing={1}>
      <Stack direction="row">
        <Button size="small" variant="text" disabled={!body.trim() || preview.isPending} onClick={() => preview.mutate()}>
          {shown === null ? 'Preview as students see it' : 'Refresh preview'}
        </Button>
      </Stack>
      {preview.error ? <Alert severity="error">{errorMessage(preview.error, 'Could not render the preview')}</Alert> : null}
      {shown !== null && body.trim() ? <WaiverText html={shown} label={label} /> : null}
    </Stack>
  );
}

function WaiverPanel({ waiver: w, classes }: { waiver: Waiver; classes: { id: string; title: string }[] }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [classIds, setClassIds] = useState<string[]>(w.classIds ?? []);
  const [saved, setSaved] = useState<string | null>(null);
  const [showSigned, setShowSigned] = useState(false);
  const signatures = useQuery({ queryKey: ['waiver-signatures', w.id], queryFn: () => formsApi.signatures(w.id), enabled: showSigned });
  const refresh = () => qc.invalidateQueries({ queryKey: ['waivers'] });
  const version = useMutation({
    mutationFn: () => formsApi.addVersion(w.id, text),
    onSuccess: async () => {
      setText('');
      await refresh();
    },
  });
  const active = useMutation({ mutationFn: () => formsApi.updateWaiver(w.id, { active: !w.active }), onSettled: refresh });
  const saveClasses = useMutation({
    mutationFn: () => formsApi.updateWaiver(w.id, { classIds: classIds.length ? classIds : null }),
    onSuccess: async () => {
      setSaved(classIds.length ? 'Signed for the chosen classes only' : 'Signed for every class');
      await refresh();
    },
  });
  const classesChanged = [...classIds].sort().join() !== [...(w.classIds ?? [])].sort().join();
  const pdf = useMutation({ mutationFn: formsApi.pdf, onSuccess: (f) => saveFile(f.blob, f.name) });
  // Someone who signed an older version lost the email (or changed address): the admin sends the link again.
  const resend = useMutation({ mutationFn: (studentId: string) => formsApi.sendSignLink(w.id, studentId) });
  const headingId = `waiver-${w.id}-heading`;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby={headingId}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h6" component="h2" id={headingId}>
            {w.title}
          </Typography>
          <Chip size="small" color={w.active ? 'success' : 'default'} label={w.active ? 'Signed at registration' : 'Not in use'} />
          <Button size="small" onClick={() => active.mutate()}>
            {w.active ? 'Stop asking' : 'Ask again'}
          </Button>
        </Stack>
        {w.currentVersion ? (
          <WaiverText html={w.currentVersion.bodyHtml} label={`${w.title}, version ${w.currentVersion.version}`} maxHeight={200} />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
          <Box sx={{ minWidth: 260 }}>
            <ClassPicker
              label={`Classes that sign ${w.title}`}
              value={classIds}
              classes={classes}
              onChange={(ids) => {
                setClassIds(ids);
                setSaved(null);
              }}
            />
          </Box>
          <Button variant="outlined" disabled={!classesChanged || saveClasses.isPending} onClick={() => saveClasses.mutate()}>
            Save classes
          </Button>
        </Stack>
        {saved ? (
          <Alert severity="success" role="status" onClose={() => setSaved(null)}>
            {saved}
          </Alert>
        ) : null}
        {saveClasses.error ? <Alert severity="error">{errorMessage(saveClasses.error, 'Could not save the classes')}</Alert> : null}
        <SimpleTable
          bare
          label={`Versions of ${w.title}`}
          columns={[{ label: 'Version' }, { label: 'Created' }, { label: 'SHA-256' }, { label: 'Signatures', align: 'right' }]}
        >
          <TableBody>
            {w.versions.map((v) => (
              <TableRow key={v.id}>
                <TableCell>
                  {v.version}
                  {v.id === w.currentVersion?.id ? ' (current)' : ''}
                </TableCell>
                <TableCell>{new Date(v.createdAt).toLocaleString()}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }} title={v.sha256}>
                  {v.sha256.slice(0, 16)}…
                </TableCell>
                <TableCell align="right">{v.signatures}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </SimpleTable>
        <TextField
          label="New version text (Markdown)"
          helperText="A version never changes once saved: registrations from now on sign the new one, and people enrolled in upcoming classes who signed an earlier one are emailed a link to sign it."
          multiline
          minRows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <MarkdownPreview body={text} label={`Preview of the new version of ${w.title}`} />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" disabled={!text.trim() || version.isPending} onClick={() => version.mutate()}>
            Save as new version
          </Button>
          <Button onClick={() => setShowSigned((s) => !s)} aria-expanded={showSigned}>
            {showSigned ? 'Hide who signed' : 'Who signed'}
          </Button>
        </Stack>
        {showSigned ? (
          signatures.isPending ? (
            <Typography>Loading signatures…</Typography>
          ) : (signatures.data ?? []).length === 0 ? (
            <Typography>Nobody has signed yet.</Typography>
          ) : (
            <>
              {resend.isSuccess && <Alert severity="success">Signing link sent to {resend.data.sentTo.email}</Alert>}
              {resend.isError && <Alert severity="error">{errorMessage(resend.error, 'Failed to send the link. Please try again')}</Alert>}
              <SimpleTable
                bare
                label={`Signatures of ${w.title}`}
                columns={[{ label: 'Signed by' }, { label: 'Version' }, { label: 'When' }, { label: 'PDF' }]}
              >
                <TableBody>
                  {(signatures.data ?? []).map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>
                        {s.signedName}
                        {s.signedAs === 'guardian' ? ' (guardian)' : ''}
                      </TableCell>
                      <TableCell>{s.current ? s.version : <Chip size="small" color="warning" label={`${s.version} (older)`} />}</TableCell>
                      <TableCell>{new Date(s.acceptedAt).toLocaleString()}</TableCell>
                      <TableCell>
                        <Button size="small" onClick={() => pdf.mutate(s.id)} aria-label={`Download the waiver signed by ${s.signedName}`}>
                          Download
                        </Button>
                        {!s.current && (
                          <Button
                            size="small"
                            disabled={resend.isPending}
                            onClick={() => resend.mutate(s.studentId)}
                            aria-label={`Send ${s.signedName} a link to sign the newest version`}
                          >
                            Send signing link
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </SimpleTable>
            </>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
