import { useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';

const orgPublicUrl = (orgId: string) => `${window.location.origin}/org/${orgId}`;

/** QR image as a data URL: 200 px wide, margin 2 (spec 3 §2.2). qrcode is loaded only when needed. */
function useQrDataUrl(url: string | null): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    if (!url) return;
    import('qrcode')
      .then((QR) => QR.toDataURL(url, { width: 200, margin: 2 }))
      .then((d) => alive && setDataUrl(d))
      .catch(() => alive && setDataUrl(null));
    return () => {
      alive = false;
    };
  }, [url]);
  return dataUrl;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Fallback for browsers without the async clipboard (or without permission).
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

/** Link, copy button with a 2-second notice, QR code and PNG download named with the organization id. */
export function ShareLinkPanel({ organizationId }: { organizationId: string | null }) {
  const [copied, setCopied] = useState(false);
  const url = organizationId ? orgPublicUrl(organizationId) : null;
  const qr = useQrDataUrl(url);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  if (!organizationId || !url) {
    return <Alert severity="warning">You are not associated with any organization.</Alert>;
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} alignItems={{ xs: 'stretch', sm: 'center' }}>
      <Stack spacing={1.5} flex={1} minWidth={0}>
        <TextField label="Public class list link" value={url} slotProps={{ htmlInput: { readOnly: true } }} />
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => copyText(url).then(setCopied)}>
            Copy Link
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!qr}
            component="a"
            href={qr ?? undefined}
            download={`organization-${organizationId}-qr.png`}
          >
            Download QR Code
          </Button>
        </Stack>
        {copied && (
          <Alert severity="success" role="status">
            Link copied to clipboard!
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          Share this link or QR code so students can browse and register for your classes.
        </Typography>
      </Stack>
      <Box
        sx={{
          alignSelf: 'center',
          width: 200,
          height: 200,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: '#fff',
        }}
      >
        {qr && <img src={qr} width={200} height={200} alt="QR code for the organization's class list" />}
      </Box>
    </Stack>
  );
}

export function ShareLinkDialog({ open, onClose, organizationId }: { open: boolean; onClose: () => void; organizationId: string | null }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Share Classes Link</DialogTitle>
      <DialogContent>
        <ShareLinkPanel organizationId={organizationId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
