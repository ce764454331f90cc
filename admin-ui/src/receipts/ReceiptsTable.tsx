import {
  Box,
  Button,
  Paper,
  Stack,
  TableBody,
  TableCell,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { formatDate, formatMoney } from '@/common/format';
import { SimpleTable } from '@/common/SimpleTable';
import { RECEIPTS_PER_PAGE, type ReceiptRow } from '@/providers/receipts';

const COLUMNS = [
  { label: 'Number' },
  { label: 'Issued' },
  { label: 'Payer' },
  { label: 'Amount', align: 'right' as const },
  { label: 'Tax', align: 'right' as const },
  { label: 'PDF', align: 'right' as const },
];

/** The tax inside a document, all rates; a credit note's amounts are money given back, shown negative. */
const taxOf = (r: ReceiptRow) => r.taxes.reduce((n, t) => n + t.amount, 0);
const signed = (r: ReceiptRow, n: number) => (r.kind === 'credit_note' ? -n : n);

interface Props {
  data: { rows: ReceiptRow[]; total: number };
  page: number;
  onPage: (page: number) => void;
  dimmed: boolean;
  timeZone: string | undefined;
  onPdf: (r: ReceiptRow) => void;
  pdfBusy: boolean;
}

function PdfButton({ r, onPdf, pdfBusy }: Pick<Props, 'onPdf' | 'pdfBusy'> & { r: ReceiptRow }) {
  return (
    <Button
      size="small"
      startIcon={<PictureAsPdfIcon />}
      onClick={() => onPdf(r)}
      disabled={pdfBusy}
      aria-label={`Download ${r.number} as PDF`}
    >
      PDF
    </Button>
  );
}

const creditNote = (r: ReceiptRow) =>
  r.kind === 'credit_note' && (
    <Typography variant="body2" color="text.secondary">
      Credit note{r.originalNumber ? ` for ${r.originalNumber}` : ''}
    </Typography>
  );

/**
 * The page of receipts: a table on a wide screen; on a phone (where six columns would scroll sideways) one block per
 * receipt with the same facts, as a list.
 */
export function ReceiptsTable({ data, page, onPage, dimmed, timeZone, onPdf, pdfBusy }: Props) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  if (phone)
    return (
      <Box>
        <Stack
          component="ul"
          aria-label="Receipts and credit notes"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: dimmed ? 0.6 : 1 }}
        >
          {data.rows.map((r) => (
            <Paper component="li" variant="outlined" key={r.id} sx={{ p: 1.5 }}>
              <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
                <Typography fontWeight={600}>{r.number}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(r.issuedAt, 'short', timeZone)}
                </Typography>
              </Stack>
              {creditNote(r)}
              <Typography>{r.payer.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {r.payer.email}
              </Typography>
              <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
                <Typography>
                  {formatMoney(signed(r, r.total))} · tax {formatMoney(signed(r, taxOf(r)))}
                </Typography>
                <PdfButton r={r} onPdf={onPdf} pdfBusy={pdfBusy} />
              </Stack>
            </Paper>
          ))}
        </Stack>
        <TablePagination
          component="div"
          count={data.total}
          page={page}
          onPageChange={(_, p) => onPage(p)}
          rowsPerPage={RECEIPTS_PER_PAGE}
          rowsPerPageOptions={[RECEIPTS_PER_PAGE]}
        />
      </Box>
    );
  return (
    <SimpleTable
      label="Receipts and credit notes"
      columns={COLUMNS}
      pager={{ count: data.total, page, perPage: RECEIPTS_PER_PAGE, onPage }}
    >
      <TableBody sx={{ opacity: dimmed ? 0.6 : 1 }}>
        {data.rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {r.number}
              {creditNote(r)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.issuedAt, 'short', timeZone)}</TableCell>
            <TableCell>
              {r.payer.name}
              <Typography variant="body2" color="text.secondary">
                {r.payer.email}
              </Typography>
            </TableCell>
            <TableCell align="right">{formatMoney(signed(r, r.total))}</TableCell>
            <TableCell align="right">{formatMoney(signed(r, taxOf(r)))}</TableCell>
            <TableCell align="right">
              <PdfButton r={r} onPdf={onPdf} pdfBusy={pdfBusy} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </SimpleTable>
  );
}
