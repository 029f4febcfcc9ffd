import { Pagination } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The pages of a list, its controls named in the user's language; nothing when one page holds it all. */
export function ListPagination({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  const intl = useIntl();
  if (total <= 1) return null;
  return (
    <Pagination
      mt="md"
      total={total}
      value={value}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': intl.formatMessage({ id: `web.pagination.${control}` }) })}
      getItemProps={(page) => ({ 'aria-label': intl.formatMessage({ id: 'web.pagination.page' }, { page: String(page) }) })}
    />
  );
}
