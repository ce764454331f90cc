/**
 * Settings › Places and instructors › Instructor pay (issue 39 §2): what each instructor earned from the sessions held in
 * a range of days, under their pay rule, as a CSV (one row per session, sessions without a roll flagged).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { saveFile } from '@/common/saveFile';
import { API_URL } from '@/providers/httpClient';
import { getToken } from '@/providers/session';
import { SettingsSection } from '@/settings/SettingsSection';

async function downloadInstructorPay(from: string, to: string): Promise<{ blob: Blob; name: string }> {
  const token = getToken();
  const query = new URLSearchParams({ from, to, format: 'csv' });
  const res = await fetch(`${API_URL}/instructor-pay?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Download failed (${res.status})`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `instructor-pay_${from}_${to}.csv`;
  return { blob: await res.blob(), name };
}

/** The first and last day of last month (YYYY-MM-DD): the usual pay period. */
function lastMonth(now = new Date()): [string, string] {
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

export function InstructorPayDownload() {
  const [initialFrom, initialTo] = lastMonth();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const download = useMutation({ mutationFn: () => downloadInstructorPay(from, to), onSuccess: (f) => saveFile(f.blob, f.name) });
  return (
    <SettingsSection title="Instructor pay" maxWidth={760}>
      <Typography color="text.secondary">
        What each instructor earned from the sessions held between these days, under their pay rule. Per-head pay counts the roll; a session
        without a roll counts no one and is flagged.
      </Typography>
      {download.error && <Alert severity="error">{download.error.message}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing download...' : 'Download instructor pay (CSV)'}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
