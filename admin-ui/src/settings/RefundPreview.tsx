import { useState } from 'react';
import { Box, InputAdornment, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { CancellationTier } from '@shared/refund-policy';
import { formatMoney } from '@/common/format';
import { priceCents, refundPreview } from '@/settings/policyForm';

/**
 * What a student who paid the example price gets back cancelling 1, 3, 7 and 14 days before the class under the
 * tiers being edited, computed with the rule the server refunds by. `tiers` null: a tier is not a number yet.
 */
export function RefundPreview({ tiers }: { tiers: CancellationTier[] | null }) {
  const [price, setPrice] = useState('100');
  const cents = priceCents(price);
  const rows = tiers && cents !== null ? refundPreview(tiers, cents) : null;
  return (
    <Box
      component="section"
      aria-labelledby="refund-preview-heading"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography variant="subtitle1" component="h3" id="refund-preview-heading" fontWeight={600}>
        Preview
      </Typography>
      <Typography variant="body2" color="text.secondary" mb={1.5}>
        What a student gets back under the policy as edited above, before you save it.
      </Typography>
      <TextField
        size="small"
        label="Example price"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={cents === null}
        helperText={cents === null ? 'Enter an amount such as 100 or 49.99' : undefined}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: 200, mb: 1 }}
      />
      {rows ? (
        <Table size="small" aria-label="Refund preview">
          <TableHead>
            <TableRow>
              <TableCell>Student cancels</TableCell>
              <TableCell align="right">Gets back</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.days}>
                <TableCell>
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {r.days} {r.days === 1 ? 'day' : 'days'} before
                  </Box>
                  {/* On a phone the reason goes under the notice instead of a third column. */}
                  <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: '0.8125rem' }}>
                    {r.why}
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  {formatMoney(r.refundCents / 100)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.why}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" role="status">
          {cents === null ? 'Enter an example price to see the preview.' : 'Fix the tiers above to see the preview.'}
        </Typography>
      )}
    </Box>
  );
}
