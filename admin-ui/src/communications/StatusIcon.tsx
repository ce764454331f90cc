import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ScheduleIcon from '@mui/icons-material/Schedule';
import CancelIcon from '@mui/icons-material/Cancel';
import BlockIcon from '@mui/icons-material/Block';
import SendIcon from '@mui/icons-material/Send';

/** A message's status at a glance (pending, sending, sent, delivered, failed, cancelled, skipped). */
export function StatusIcon({ status }: { status: string }) {
  const props = { fontSize: 'small' as const, titleAccess: status };
  if (status === 'sent' || status === 'delivered') return <CheckCircleIcon color="success" {...props} />;
  if (status === 'failed') return <ErrorIcon color="error" {...props} />;
  if (status === 'cancelled') return <CancelIcon color="disabled" {...props} />;
  if (status === 'skipped') return <BlockIcon color="warning" {...props} />;
  if (status === 'sending') return <SendIcon color="info" {...props} />;
  return <ScheduleIcon color="action" {...props} />;
}
