import { useState } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyText } from '@/common/ShareLink';

/**
 * A secret the server returns only in its create reply (an API key, a webhook signing secret, a feed URL): only a
 * hash or nothing is kept, so the screen says plainly that it will not be shown again and offers a copy button.
 */
export function SecretOnce({ label, copyLabel, value, notice }: { label: string; copyLabel: string; value: string; notice: string }) {
  return (
    <Stack spacing={1.5}>
      <Alert severity="warning">{notice}</Alert>
      <TextField
        label={label}
        value={value}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        onFocus={(e) => e.target.select()}
      />
      <CopyButton text={value} label={copyLabel} />
    </Stack>
  );
}

/** A button that copies `text`, and says so beside it once copied. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyText(text).then(setCopied)}>
        {label}
      </Button>
      {copied && (
        <Alert severity="success" role="status" sx={{ py: 0 }}>
          Copied to clipboard
        </Alert>
      )}
    </Stack>
  );
}

export const fmtDateTime = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
    : '—';
