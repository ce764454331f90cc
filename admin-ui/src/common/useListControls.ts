import { useState } from 'react';
import { useDebounced } from './useDebounced';

/**
 * Search, sort, direction and page of a list screen. Any change to what is listed goes back to page 1,
 * so a narrowed list never opens on a page that no longer exists.
 */
export function useListControls<S extends string>(defaultSort: S, defaultOrder: 'ASC' | 'DESC' = 'ASC') {
  const [search, setSearchText] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [sort, setSortKey] = useState<S>(defaultSort);
  const [order, setOrderDir] = useState<'ASC' | 'DESC'>(defaultOrder);
  const [page, setPage] = useState(1);
  const firstPage = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  return {
    q,
    page,
    setPage,
    /** Resets the page too: for filters the screen adds beside the toolbar. */
    firstPage,
    toolbar: {
      search,
      onSearch: firstPage(setSearchText),
      sort,
      onSort: firstPage(setSortKey),
      order,
      onOrder: firstPage(setOrderDir),
    },
  };
}
