/**
 * Settings › Products (issue 41 §2): what the organization sells on the credits ledger, react-admin's
 * 'credit-products' resource. The list is a ListBase; New product and Edit open the product's dialog.
 */
import { useState } from 'react';
import { ListBase, useListContext, useRefresh } from 'react-admin';
import { Alert, Button, Chip, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { SimpleTable, type Column } from '@/common/SimpleTable';
import { useTimedMessage } from '@/common/useTimedMessage';
import { errorMessage } from '@/providers/httpClient';
import { SettingsSection } from '@/settings/SettingsSection';
import { ProductDialog } from '@/credit-products/ProductDialog';
import { givesText, PRODUCT_KIND_LABELS, PRODUCT_SCOPE_LABELS, type CreditProduct } from '@/credit-products/productForm';

const COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'Kind' },
  { label: 'Gives' },
  { label: 'Buys' },
  { label: 'Price', align: 'right' },
  { label: 'Sold' },
  { label: 'Status' },
  { label: '' },
];

export function ProductsTab() {
  const [editing, setEditing] = useState<CreditProduct | null>(null);
  const [creating, setCreating] = useState(false);
  const [saved, setSaved] = useTimedMessage(4000);
  const refresh = useRefresh();
  return (
    <SettingsSection
      title="Products"
      maxWidth={1060}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New product
        </Button>
      }
    >
      <Typography color="text.secondary">
        Class packs, memberships and account credit the organization sells. A sale grants the credit on the student&apos;s ledger; credit
        already sold keeps what it was sold with.
      </Typography>
      {saved && (
        <Alert severity="success" role="status">
          {saved}
        </Alert>
      )}
      <ListBase<CreditProduct>
        resource="credit-products"
        sort={{ field: 'createdAt', order: 'ASC' }}
        perPage={1000}
        disableSyncWithLocation
      >
        <Products onEdit={setEditing} />
      </ListBase>
      <ProductDialog
        open={creating || Boolean(editing)}
        product={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onDone={(p) => {
          setCreating(false);
          setEditing(null);
          setSaved(`Product ${p.name} saved`);
          refresh();
        }}
      />
    </SettingsSection>
  );
}

function Products({ onEdit }: { onEdit: (p: CreditProduct) => void }) {
  const list = useListContext<CreditProduct>();
  return (
    <>
      {list.error && <Alert severity="error">{errorMessage(list.error, 'Failed to load products')}</Alert>}
      <SimpleTable bare label="Products" columns={COLUMNS}>
        <TableBody>
          {(list.data ?? []).map((p) => (
            <TableRow key={p.id}>
              <TableCell>{p.name}</TableCell>
              <TableCell>{PRODUCT_KIND_LABELS[p.kind] ?? p.kind}</TableCell>
              <TableCell>{givesText(p)}</TableCell>
              <TableCell>{p.kind === 'account_credit' ? '—' : PRODUCT_SCOPE_LABELS[p.scope]}</TableCell>
              <TableCell align="right">${p.price.toFixed(2)}</TableCell>
              <TableCell>
                {p.soldOnline ? 'Online and in person' : 'In person'}
                {p.introOffer ? ' · intro offer' : ''}
              </TableCell>
              <TableCell>
                <Chip size="small" label={p.active ? 'Active' : 'Inactive'} color={p.active ? 'success' : 'default'} />
              </TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {list.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>No products yet</TableCell>
            </TableRow>
          )}
        </TableBody>
      </SimpleTable>
    </>
  );
}
