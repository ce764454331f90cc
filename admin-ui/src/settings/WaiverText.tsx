import { Box } from '@mui/material';

/**
 * A waiver text as students see it: HTML the server rendered from the Markdown with raw HTML turned off, images off
 * and only safe links (backend waiver-markdown.ts), so it is shown as given.
 */
export function WaiverText({ html, label, maxHeight = 240 }: { html: string; label: string; maxHeight?: number }) {
  return (
    <Box
      role="region"
      tabIndex={0}
      aria-label={label}
      sx={{
        maxHeight,
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1.5,
        '& h1, & h2, & h3': { fontSize: '1.05rem', my: 1 },
        '& p': { my: 1 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
