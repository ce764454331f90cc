/**
 * Receipts (issue 43 §3): the organization's numbered receipts and credit notes, newest first, with their payer,
 * amount and tax; narrowed by a search (number, payer's name or email), the kind and the days issued; the selection
 * as a CSV, and each document as its PDF.
 */
import { useState } from 'react';
import { ReceiptsTable } from './ReceiptsTable';
import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { CsvDownloadButton } from '@/common/CsvDownloadButton';
import { saveFile } from '@/common/saveFile';
import { SearchField } from '@/common/SearchField';
import { useOrganizationTimeZone } from '@/common/zonedTime';
import { errorMessage } from '@/providers/httpClient';
import { downloadReceiptPdf, downloadReceiptsCsv, listReceipts, type ReceiptFilter } from '@/providers/receipts';

export default function ReceiptsPage() {
  const timeZone = useOrganizationTimeZone();
  const [filter, setFilter] = useState<ReceiptFilter>({ q: '', kind: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const change = (patch: Partial<ReceiptFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const receipts = useQuery({
    queryKey: ['receipts', filter, page],
    queryFn: () => listReceipts(filter, page),
    placeholderData: keepPreviousData,
  });
  const pdf = useMutation({ mutationFn: downloadReceiptPdf, onSuccess: (file) => saveFile(file.blob, file.name) });

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ xs: 'stretch', sm: 'center' }}
        spacing={1}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Receipts
          </Typography>
          <Typography color="text.secondary">
            Every payment gets a numbered receipt and every refund a credit note, with your legal details and tax ID.
          </Typography>
        </Box>
        <CsvDownloadButton
          label="Download CSV"
          accessibleLabel="Download the receipts shown as CSV"
          fetchFile={() => downloadReceiptsCsv(filter)}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <SearchField
          label="Search receipts"
          placeholder="Number, payer name or email"
          size="small"
          value={filter.q}
          onChange={(e) => change({ q: e.target.value })}
          sx={{ minWidth: { md: 280 } }}
        />
        <TextField
          select
          label="Kind"
          size="small"
          value={filter.kind}
          onChange={(e) => change({ kind: e.target.value as ReceiptFilter['kind'] })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="receipt">Receipts</MenuItem>
          <MenuItem value="credit_note">Credit notes</MenuItem>
        </TextField>
        <TextField
          label="Issued from"
          type="date"
          size="small"
          value={filter.from}
          onChange={(e) => change({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Issued to"
          type="date"
          size="small"
          value={filter.to}
          onChange={(e) => change({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {receipts.error && <Alert severity="error">{errorMessage(receipts.error, 'Failed to load receipts')}</Alert>}
      {pdf.error && <Alert severity="error">{errorMessage(pdf.error, 'Failed to download the PDF. Please try again')}</Alert>}
      {receipts.isPending && <Typography color="text.secondary">Loading receipts...</Typography>}
      {receipts.data && receipts.data.total === 0 && (
        <Typography color="text.secondary">No receipts match. A receipt is issued when a payment is recorded.</Typography>
      )}
      {receipts.data && receipts.data.total > 0 && (
        <ReceiptsTable
          data={receipts.data}
          page={page}
          onPage={setPage}
          dimmed={receipts.isPlaceholderData}
          timeZone={timeZone}
          onPdf={(r) => pdf.mutate(r)}
          pdfBusy={pdf.isPending}
        />
      )}
    </Stack>
  );
}
