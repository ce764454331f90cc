/**
 * Reports › Credits (issue 41 §4): unused credit (what the organization owes today, by expiry month), sales by product
 * and make-ups over a range, as a table and a CSV download.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { saveFile } from '@/common/saveFile';
import { SimpleTable } from '@/common/SimpleTable';
import { errorMessage } from '@/providers/httpClient';
import {
  CREDIT_REPORT_KINDS,
  creditReportRows,
  creditReportsApi,
  type CreditLiabilityReport,
  type CreditReportKind,
} from './creditReports';
import { RANGES, type RangeKey } from './reportTypes';

export function CreditReportsTab() {
  const [kind, setKind] = useState<CreditReportKind>('credit-liability');
  const [range, setRange] = useState<Exclude<RangeKey, 'custom'>>('30d');
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const query = `timeframe=${range}`;
  const report = useQuery({
    queryKey: ['reports', kind, query],
    queryFn: () => creditReportsApi.get(kind, query),
    placeholderData: keepPreviousData,
  });
  const data = report.data && report.data.report === kind ? report.data : undefined;
  const table = data ? creditReportRows(data) : null;
  const label = CREDIT_REPORT_KINDS.find((k) => k.value === kind)!.label;
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const file = await creditReportsApi.csv(kind, query);
      saveFile(file.blob, file.name);
    } catch (e) {
      setDownloadError(errorMessage(e, 'Failed to download the CSV file'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 200, maxWidth: { md: 280 } }}>
            <InputLabel id="credit-report-type-label">Credits report</InputLabel>
            <Select
              labelId="credit-report-type-label"
              label="Credits report"
              value={kind}
              onChange={(e) => setKind(e.target.value as CreditReportKind)}
            >
              {CREDIT_REPORT_KINDS.map((k) => (
                <MenuItem key={k.value} value={k.value}>
                  {k.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {kind !== 'credit-liability' && (
            <FormControl size="small" sx={{ minWidth: 180 }}>
              <InputLabel id="credit-report-range-label">Date range</InputLabel>
              <Select
                labelId="credit-report-range-label"
                label="Date range"
                value={range}
                onChange={(e) => setRange(e.target.value as typeof range)}
              >
                {RANGES.filter((r) => r.value !== 'custom').map((r) => (
                  <MenuItem key={r.value} value={r.value}>
                    {r.label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
          <Box flexGrow={1} />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            disabled={!data || downloading}
            onClick={() => void download()}
          >
            {downloading ? 'Downloading...' : 'Download CSV'}
          </Button>
        </Stack>
      </Paper>
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
      {data && (
        <Typography color="text.secondary">
          {data.report === 'credit-liability'
            ? `Owed on ${(data as CreditLiabilityReport).asOf}, by the month of each credit's last valid day · ${data.timeZone}`
            : `${'startDate' in data ? data.startDate : ''} to ${'endDate' in data ? data.endDate : ''} · ${data.timeZone}`}
        </Typography>
      )}
      {report.error ? (
        <Alert severity="error">{errorMessage(report.error, `Failed to load the ${label.toLowerCase()} report`)}</Alert>
      ) : !table ? (
        <Stack alignItems="center" py={6} role="status">
          <CircularProgress aria-label={`Loading the ${label.toLowerCase()} report`} />
        </Stack>
      ) : table.rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {kind === 'credit-liability' ? 'No unused credit.' : 'Nothing in the selected date range.'}
          </Typography>
        </Paper>
      ) : (
        <SimpleTable
          label={label}
          columns={table.headers.map((h, i) => ({ label: h, align: i > (kind === 'makeups' ? 0 : 1) ? 'right' : 'left' }))}
        >
          <TableBody>
            {table.rows.map((row, i) => (
              <TableRow key={i}>
                {row.map((cell, j) => (
                  <TableCell key={j} align={j > (kind === 'makeups' ? 0 : 1) ? 'right' : 'left'}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow>
              {table.totals.map((cell, j) => (
                <TableCell key={j} align={j > (kind === 'makeups' ? 0 : 1) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </SimpleTable>
      )}
    </Stack>
  );
}
