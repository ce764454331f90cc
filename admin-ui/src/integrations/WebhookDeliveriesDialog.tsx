import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { useAppDataProvider } from '@/providers/dataProvider';
import { errorMessage } from '@/providers/httpClient';
import type { WebhookEndpoint } from '@/providers/types';
import { fmtDateTime } from './SecretOnce';

const STATUS_LABEL = { pending: 'Pending', sending: 'Sending', delivered: 'Delivered', failed: 'Failed' } as const;

/** The endpoint's latest deliveries (the server keeps the last 100) with a Redeliver button on each. */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const dp = useAppDataProvider();
  const deliveries = useQuery({
    queryKey: ['webhook-endpoints', endpoint.id, 'deliveries'],
    queryFn: () => dp.getWebhookDeliveries(endpoint.id),
  });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const redeliver = async (id: string) => {
    setBusyId(id);
    setMessage(null);
    try {
      await dp.redeliverWebhook(id);
      setMessage({ ok: true, text: 'Queued to be sent again.' });
      await deliveries.refetch();
    } catch (e) {
      setMessage({ ok: false, text: errorMessage(e, 'Failed to redeliver. Please try again') });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="deliveries-title">
      <DialogTitle id="deliveries-title">Deliveries to {endpoint.url}</DialogTitle>
      <DialogContent>
        {message && (
          <Alert severity={message.ok ? 'success' : 'error'} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}
        {deliveries.isPending ? (
          <Typography>Loading deliveries...</Typography>
        ) : deliveries.error ? (
          <Alert severity="error">{errorMessage(deliveries.error, 'Failed to load the deliveries')}</Alert>
        ) : !deliveries.data?.length ? (
          <Typography color="text.secondary">Nothing has been sent to this endpoint yet.</Typography>
        ) : (
          <SimpleTable
            bare
            label="Webhook deliveries"
            columns={[
              { label: 'Event' },
              { label: 'Status' },
              { label: 'Attempts' },
              { label: 'Response' },
              { label: 'Created' },
              { label: 'Actions', align: 'right' },
            ]}
          >
            <TableBody>
              {deliveries.data.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{d.eventType}</TableCell>
                  <TableCell>{STATUS_LABEL[d.status]}</TableCell>
                  <TableCell>{d.attempts}</TableCell>
                  <TableCell>{d.lastStatusCode ?? d.lastError ?? '—'}</TableCell>
                  <TableCell>{fmtDateTime(d.createdAt)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" disabled={busyId !== null} onClick={() => void redeliver(d.id)}>
                      Redeliver
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </SimpleTable>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
