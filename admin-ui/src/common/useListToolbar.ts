import { useState } from 'react';
import { useListContext } from 'react-admin';

/**
 * The ListToolbar's props over react-admin's list context (a `<ListBase>` above): the search box
 * writes `filter.q` (ListBase debounces it), the sort selector and direction toggle write the sort.
 * ListBase itself goes back to page 1 on any filter or sort change, so a narrowed list never opens on
 * a page that no longer exists. The typed text is kept here so the box answers at once.
 */
export function useListToolbar<S extends string>() {
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const [search, setSearch] = useState<string>(typeof filterValues.q === 'string' ? filterValues.q : '');
  const { q: _q, ...others } = filterValues as Record<string, unknown>;
  return {
    /** Set (or, with '', clear) one more filter beside the search. */
    setFilter: (name: string, value: string) => {
      const { [name]: _old, ...rest } = filterValues as Record<string, unknown>;
      setFilters(value ? { ...rest, [name]: value } : rest, undefined, false);
    },
    toolbar: {
      search,
      onSearch: (v: string) => {
        setSearch(v);
        const q = v.trim();
        setFilters(q ? { ...others, q } : others, undefined, true);
      },
      sort: sort.field as S,
      onSort: (field: S) => setSort({ field, order: sort.order }),
      order: sort.order,
      onOrder: (order: 'ASC' | 'DESC') => setSort({ field: sort.field, order }),
    },
  };
}
