import { useState } from 'react';
import { ListBase, useDelete, useListContext } from 'react-admin';
import { Alert, Box, Button, Stack, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { SimpleTable } from '@/common/SimpleTable';
import { FormTextField } from '@/common/formField';
import { errorMessage } from '@/providers/httpClient';
import type { Instructor } from '@/providers/types';
import { SettingsSection } from '@/settings/SettingsSection';
import { RecordCreateForm } from './RecordForm';

/** How a pay rule reads in the list. */
function payText(r: Instructor['payRule']): string {
  if (!r) return '—';
  if (r.kind === 'per_session') return `$${r.amount} a session`;
  if (r.kind === 'per_hour') return `$${r.amount} an hour`;
  if (r.kind === 'flat') return `$${r.amount} a ${r.per}`;
  return (r.tiers ?? []).map((t) => `$${t.amount}/head from ${t.from}`).join(', ');
}

/** Settings › Places and instructors: who teaches; classes pick them in their form. */
export function InstructorsSection() {
  return (
    <SettingsSection title="Instructors" maxWidth={1060}>
      <ListBase<Instructor> resource="instructors" perPage={1000} sort={{ field: 'name', order: 'ASC' }} disableSyncWithLocation>
        <Instructors />
      </ListBase>
    </SettingsSection>
  );
}

function Instructors() {
  const list = useListContext<Instructor>();
  const [remove, { isPending }] = useDelete<Instructor>();
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <SimpleTable bare label="Instructors" columns={[{ label: 'Name' }, { label: 'Contact' }, { label: 'Pay' }, { label: '' }]}>
        <TableBody>
          {(list.data ?? []).map((i) => (
            <TableRow key={i.id}>
              <TableCell>{i.name}</TableCell>
              <TableCell>{[i.email, i.phone].filter(Boolean).join(' · ') || '—'}</TableCell>
              <TableCell>{payText(i.payRule)}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  color="error"
                  aria-label={`Delete instructor ${i.name}`}
                  disabled={isPending}
                  onClick={() =>
                    void remove('instructors', { id: i.id, previousData: i }, { mutationMode: 'pessimistic', onError: setError })
                  }
                >
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {list.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>No instructors yet</TableCell>
            </TableRow>
          )}
        </TableBody>
      </SimpleTable>
      {!!error && <Alert severity="error">{errorMessage(error, 'Failed to delete')}</Alert>}
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3" fontWeight={600}>
          New instructor
        </Typography>
        <RecordCreateForm
          resource="instructors"
          formId="instructor-form"
          defaults={{ name: '', email: '', phone: '' }}
          submitLabel="Create instructor"
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <FormTextField source="name" label="Instructor name" />
            <FormTextField source="email" label="Email" type="email" hint="Optional" />
            <FormTextField source="phone" label="Phone" hint="Optional" />
          </Box>
        </RecordCreateForm>
      </Stack>
    </>
  );
}
