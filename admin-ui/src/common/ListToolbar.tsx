import { IconButton, MenuItem, Paper, Stack, TextField, Tooltip } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useTranslate } from 'react-admin';
import { SearchField } from '@/common/SearchField';

/** Search box, optional filter, sort selector and direction toggle. */
export function ListToolbar<S extends string>({
  search,
  onSearch,
  searchLabel,
  sort,
  sortOptions,
  onSort,
  order,
  onOrder,
  children,
}: {
  search: string;
  onSearch: (v: string) => void;
  searchLabel: string;
  sort: S;
  sortOptions: { value: S; label: string }[];
  onSort: (v: S) => void;
  order: 'ASC' | 'DESC';
  onOrder: (o: 'ASC' | 'DESC') => void;
  children?: React.ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'center' }}>
        <SearchField label={searchLabel} value={search} onChange={(e) => onSearch(e.target.value)} type="search" sx={{ flex: 2 }} />
        {children}
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flex: 1, minWidth: 200 }}>
          <TextField select label={translate('admin.list.sortBy')} value={sort} onChange={(e) => onSort(e.target.value as S)}>
            {sortOptions.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title={order === 'ASC' ? 'Ascending' : 'Descending'}>
            <IconButton
              aria-label={translate(order === 'ASC' ? 'admin.list.ascending' : 'admin.list.descending')}
              onClick={() => onOrder(order === 'ASC' ? 'DESC' : 'ASC')}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              {order === 'ASC' ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Paper>
  );
}
