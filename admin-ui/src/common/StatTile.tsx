import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';
import type { LimitInfo } from '@/common/plans';

export function StatTile({
  label,
  value,
  note,
  noteColor = 'text.secondary',
  accent,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  noteColor?: string;
  accent?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.25, sm: 2 }, height: '100%', borderTop: 3, borderTopColor: accent ?? 'primary.main' }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h5" component="div" sx={{ mt: 0.5, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color={noteColor} component="div" fontWeight={600}>
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * A list screen's count against the plan's limit: '12 / 20', 'Limit reached' when it is, 'Unlimited plan' when the
 * plan sets none, and otherwise `note`.
 */
export function PlanUsageTile({
  label,
  count,
  limit,
  planHasLimits,
  note,
}: {
  label: string;
  count: number | undefined;
  limit: LimitInfo;
  planHasLimits: boolean;
  note?: string;
}) {
  const shownNote = limit.reached ? 'Limit reached' : limit.limit === null && planHasLimits ? 'Unlimited plan' : note;
  return (
    <StatTile
      label={label}
      value={
        <>
          {count ?? '—'}
          {limit.limit !== null && (
            <Typography component="span" variant="body1" color="text.secondary">
              {' '}
              / {limit.limit}
            </Typography>
          )}
        </>
      }
      note={shownNote}
      noteColor={limit.reached ? 'error.main' : undefined}
    />
  );
}
