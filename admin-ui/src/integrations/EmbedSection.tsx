import { useState } from 'react';
import { TextField, Typography } from '@mui/material';
import type { Settings } from '@/providers/types';
import { useSettingsForm } from '@/settings/useSettings';
import { CopyButton } from './SecretOnce';
import { SaveRow, SettingsSection } from '@/settings/SettingsSection';

/** One origin a line: what the server accepts (https, no path); the server checks it again and says why it refuses. */
export function parseEmbedDomains(text: string): { domains: string[]; invalid: string[] } {
  const lines = text
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const invalid = lines.filter((l) => !/^https?:\/\/[^/?#\s]+\/?$/i.test(l));
  return { domains: lines.map((l) => l.replace(/\/$/, '')), invalid };
}

/**
 * The booking widget for the organization's own website: the sites allowed to show it (the server lets only those
 * frame the widget's pages) and the snippet to paste into them.
 */
export function EmbedSection({ settings }: { settings: Settings }) {
  const [text, setText] = useState((settings.embedDomains ?? []).join('\n'));
  const { submit, status } = useSettingsForm(
    'Website widget settings saved successfully!',
    'Failed to save the widget settings. Please try again',
  );
  const { domains, invalid } = parseEmbedDomains(text);
  const snippet = `<script src="${window.location.origin}/embed.js" data-organization="${settings.organizationId}" async></script>`;

  const onSave = () => {
    if (invalid.length) return;
    submit({ embedDomains: domains }, (saved) => {
      // The sites as the server stored them (trailing slash dropped, host in lower case, duplicates once).
      setText((saved.embedDomains ?? []).join('\n'));
    });
  };

  return (
    <SettingsSection title="Website widget">
      <Typography color="text.secondary">
        Show your classes on your own website and let students register and pay there. List the sites allowed to show the widget (one per
        line, such as https://www.example.com); every other site is refused.
      </Typography>
      <TextField
        label="Sites allowed to show the widget"
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        error={invalid.length > 0}
        helperText={invalid.length ? `Not a site address: ${invalid.join(', ')}` : 'HTTPS addresses without a path'}
        sx={{ maxWidth: 560 }}
      />
      <SaveRow label="Save widget sites" onSave={onSave} disabled={invalid.length > 0} status={status} />
      <Typography variant="subtitle1" component="h3">
        Code to paste into your site
      </Typography>
      <Typography color="text.secondary">
        It shows your class list; add data-class=&quot;…&quot; with a class id to show one class.
      </Typography>
      <TextField
        label="Widget code"
        value={snippet}
        fullWidth
        multiline
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        onFocus={(e) => e.target.select()}
      />
      <CopyButton text={snippet} label="Copy widget code" />
    </SettingsSection>
  );
}
