import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import { allows, RULES } from '@/lib/access';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useDeleteRecord, useRecords } from '../api/config-api';
import type { ConfigRecord, EntityDescriptor } from '../api/config-types';
import { useDisplayContext, useReferences } from '../hooks/use-display';
import { hrefs, type ConfigScreen } from '../utils/config-screens';
import { displayValue, recordTitle, referencedEntities, sortValue } from '../utils/display';
import { may } from '../utils/permissions';
import { readListState, toggleSort, viewRows, writeListState, type ListState } from '../utils/url-state';
import { DeleteDialog } from '@/components/delete-dialog';
import { filterable, ListFilters } from './list-filters';
import { ListTable } from './list-table';

export interface EntityListPageProps {
  screen: ConfigScreen;
  descriptor: EntityDescriptor;
  all: EntityDescriptor[];
}

/** A list screen: line, filters, search, sortable columns and paging, all kept in the URL. */
export function EntityListPage({ screen, descriptor, all }: EntityListPageProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const columns = useMemo(() => descriptor.fields.filter((f) => f.list), [descriptor]);
  const filters = useMemo(() => filterable(descriptor.fields), [descriptor]);
  const state = readListState(params, columns.map((f) => f.name), filters.map((f) => f.name));
  const { lines, loading: linesLoading } = useLines();
  const lineId = descriptor.scoped ? (state.lineId ?? lines[0]?._id ?? null) : null;
  const records = useRecords(descriptor, lineId, state.filters);
  const refs = useReferences(all, referencedEntities([...columns, ...filters]), lineId);
  const ctx = useDisplayContext(all, refs, false);
  const remove = useDeleteRecord(descriptor);
  const showError = useErrorNotice();
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  const can = (op: 'get' | 'create' | 'update' | 'delete') => may(descriptor.key, op, role, privileges);
  const [text, setText] = useState(state.search);
  const [debounced] = useDebouncedValue(text, 250);
  const [toDelete, setToDelete] = useState<ConfigRecord | null>(null);
  const update = (patch: Partial<ListState>, replace = false) => setParams((p) => writeListState(p, patch), { replace });

  // Without a line in the URL the first line is shown, and written there so the link names it.
  useEffect(() => {
    if (descriptor.scoped && !state.lineId && lines[0]) update({ lineId: lines[0]._id }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [descriptor.scoped, state.lineId, lines]);

  useEffect(() => {
    if (debounced !== state.search) update({ search: debounced }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useQueryErrorNotice(records);

  const show = (f: (typeof columns)[number], row: ConfigRecord) => displayValue(f, row, ctx);
  const view = viewRows(
    records.data ?? [],
    state,
    (row) => columns.map((f) => show(f, row)),
    (row, name) => sortValue(columns.find((f) => f.name === name)!, row, ctx),
    intl.locale,
  );
  const screenName = t(`web.screen.${descriptor.screen}`);

  const confirmDelete = () =>
    toDelete &&
    remove.mutate(toDelete._id, {
      onSuccess: ({ message }) => {
        notify(message ?? t('web.config.deleted'), 'success');
        setToDelete(null);
      },
      onError: (e) => {
        setToDelete(null);
        showError(e);
      },
    });

  const actions = (row: ConfigRecord) => {
    const title = recordTitle(row, descriptor);
    const viewHref = hrefs.view(screen, row._id);
    return (
      <Group gap="xs" wrap="nowrap">
        {viewHref && can('get') ? (
          <Button size="xs" variant="default" component={Link} to={viewHref} aria-label={t('web.config.viewOf', { record: title })}>
            {t('web.config.view')}
          </Button>
        ) : null}
        {can('update') ? (
          <Button size="xs" variant="default" component={Link} to={hrefs.edit(screen, row._id)} aria-label={t('web.config.editOf', { record: title })}>
            {t('web.config.edit')}
          </Button>
        ) : null}
        {can('delete') ? (
          <Button size="xs" color="#c92a2a" variant="outline" onClick={() => setToDelete(row)} aria-label={t('web.config.deleteOf', { record: title })}>
            {t('web.config.delete')}
          </Button>
        ) : null}
      </Group>
    );
  };

  const narrowed = Boolean(state.search.trim()) || Object.keys(state.filters).length > 0;
  const noLines = descriptor.scoped && !linesLoading && lines.length === 0;
  let body;
  if (noLines) body = <Text data-testid="config-empty">{t('web.config.noLines')}</Text>;
  else if ((descriptor.scoped && linesLoading) || (records.isPending && records.fetchStatus !== 'idle')) body = <Spinner fill />;
  else if (view.total === 0)
    body = <Text data-testid="config-empty">{t(narrowed ? 'web.config.noMatch' : 'web.config.empty', { entity: screenName })}</Text>;
  else
    body = (
      <ListTable
        columns={columns}
        rows={view.rows}
        text={show}
        sort={state.sort}
        dir={state.dir}
        onSort={(name) => update(toggleSort(state, name))}
        actions={actions}
      />
    );

  return (
    <section aria-labelledby="screen-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {screenName}
        </Title>
        <Group gap="sm">
          {/* Import from a spreadsheet and copy from another line, where the entity has them (administrators). */}
          {descriptor.importable && allows(RULES.admins, role, privileges) ? (
            <Button variant="default" component={Link} to={`/import/${descriptor.key}`} data-testid="config-import">
              {t('web.config.importFrom')}
            </Button>
          ) : null}
          {descriptor.copyable && allows(RULES.admins, role, privileges) ? (
            <Button variant="default" component={Link} to={`/copyparameter/${descriptor.key}`} data-testid="config-copy">
              {t('web.config.copyFrom')}
            </Button>
          ) : null}
          {can('create') && !noLines ? (
            <Button component={Link} to={hrefs.add(screen, lineId)} data-testid="config-new">
              {t('web.config.new')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group align="flex-end" mb="md" wrap="wrap" gap="md">
        {descriptor.scoped ? <LineSelect lines={lines} value={lineId} onChange={(id) => update({ lineId: id, filters: clearRefFilters(filters) })} /> : null}
        <ListFilters fields={filters} values={state.filters} onChange={(name, value) => update({ filters: { [name]: value ?? '' } })} refs={refs} />
        <TextInput
          label={t('web.config.search')}
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maw={320}
          data-testid="config-search"
        />
      </Group>
      {body}
      <ListPagination total={view.pages} value={view.page} onChange={(page) => update({ page })} />
      <DeleteDialog
        target={toDelete ? `${screenName} ${recordTitle(toDelete, descriptor)}` : null}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </section>
  );
}

/** Another line has other records: filters naming a record of the old line are dropped. */
function clearRefFilters(fields: ReturnType<typeof filterable>): Record<string, string> {
  return Object.fromEntries(fields.filter((f) => f.kind.type === 'ref').map((f) => [f.name, '']));
}
