import { useEffect, useRef, type ReactNode } from 'react';
import { Backdrop, Box, Grid } from '@mui/material';

/**
 * Where the class panel shows: beside the list on a wide window, as a sheet over it on a narrow one. It is one element
 * either way (only its styles change), so crossing the breakpoint never remounts the panel: an open 'Email All' dialog
 * and its draft survive a resized window or a rotated tablet. (A modal drawer on phones was a second tree: every
 * switch closed the dialog and lost the draft, as did a full-page screenshot, which reports a 1x1 viewport for an
 * instant.) A sheet, not a modal: a dialog opened from the panel stays the only modal, on top.
 */
export function ClassPanelPlacement({ wide, onClose, children }: { wide: boolean; onClose: () => void; children: ReactNode }) {
  const sheet = useRef<HTMLDivElement>(null);
  // Opened on a phone, the sheet covers the list: focus moves into it (its first control, 'Close details', inside the
  // labelled region), as into a drawer. Only when it opens: a window narrowed while a dialog is open leaves the focus
  // in the dialog.
  useEffect(() => {
    if (!wide) (sheet.current?.querySelector<HTMLElement>('button, [href], input') ?? sheet.current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Grid size={{ xs: 12, md: 5 }} sx={wide ? { position: 'sticky', top: 130 } : undefined}>
      {!wide && <Backdrop open onClick={onClose} sx={{ zIndex: (t) => t.zIndex.drawer - 1 }} />}
      <Box
        ref={sheet}
        tabIndex={-1}
        onKeyDown={(e) => {
          // A dialog open in the panel handles its own Escape first (and stops it).
          if (e.key === 'Escape' && !wide) onClose();
        }}
        sx={
          wide
            ? { outline: 'none' }
            : {
                position: 'fixed',
                insetInline: 0,
                bottom: 0,
                maxHeight: '92vh',
                overflowY: 'auto',
                zIndex: (t) => t.zIndex.drawer,
                outline: 'none',
                bgcolor: 'background.paper',
                boxShadow: 16,
                borderTopLeftRadius: 12,
                borderTopRightRadius: 12,
              }
        }
      >
        {children}
      </Box>
    </Grid>
  );
}
