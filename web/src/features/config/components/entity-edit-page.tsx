import { Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { notify } from '@/lib/notify';
import { isStaleEdit } from '@/lib/stale-edit';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useAddRecord, useEditRecord, useRecord } from '../api/config-api';
import type { EntityDescriptor } from '../api/config-types';
import { hrefs, type ConfigScreen } from '../utils/config-screens';
import { EntityForm } from './entity-form';

export interface EntityEditPageProps {
  screen: ConfigScreen;
  descriptor: EntityDescriptor;
  all: EntityDescriptor[];
  /** The record to edit; none for a new one. */
  id?: string;
}

/** New and edit: the form, the line it belongs to, the server's confirmation, back to the list. */
export function EntityEditPage({ screen, descriptor, all, id }: EntityEditPageProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { lines, loading: linesLoading } = useLines();
  const editing = id !== undefined;
  const record = useRecord(descriptor, id ?? '');
  const add = useAddRecord(descriptor);
  const edit = useEditRecord(descriptor);
  const showError = useErrorNotice();
  useQueryErrorNotice(record);
  /** Bumped by "reload": the form opens the record as saved now. */
  const [opened, setOpened] = useState(0);
  const reload = async () => {
    await record.refetch();
    setOpened((n) => n + 1);
  };

  const lineId = !descriptor.scoped
    ? null
    : editing
      ? (record.data?.lineId ?? null)
      : (params.get('lineId') ?? lines[0]?._id ?? null);
  const lineName = lines.find((l) => l._id === lineId)?.name ?? lineId ?? '';
  const screenName = t(`web.screen.${descriptor.screen}`);
  const backToList = () => void navigate(hrefs.list(screen, lineId));

  const submit = async (payload: Record<string, unknown>) => {
    const body = descriptor.scoped ? { ...payload, lineId } : payload;
    try {
      const { message } = editing ? await edit.mutateAsync({ id, record: body }) : await add.mutateAsync(body);
      notify(message ?? t('web.config.saved'), 'success');
      backToList();
    } catch (e) {
      // The form itself says who saved meanwhile and offers compare and reload.
      if (!isStaleEdit(e)) showError(e);
      throw e;
    }
  };

  let body;
  if (editing && id !== '' && record.isPending) body = <Spinner fill />;
  else if (editing && !record.data) body = <Text data-testid="config-not-found">{t('web.config.notFound')}</Text>;
  else if (descriptor.scoped && !editing && linesLoading) body = <Spinner fill />;
  else if (descriptor.scoped && !lineId) body = <Text data-testid="config-empty">{t('web.config.noLines')}</Text>;
  else
    body = (
      <>
        {descriptor.scoped ? (
          <Text mb="md" data-testid="form-line">
            {t('web.config.onLine', { line: lineName })}
          </Text>
        ) : null}
        <EntityForm
          key={`${record.data?._id ?? 'new'}/${opened}`}
          descriptor={descriptor}
          all={all}
          lineId={lineId}
          record={editing ? record.data : undefined}
          submitLabel={t(editing ? 'web.config.save' : 'web.config.create')}
          onSubmit={submit}
          onCancel={backToList}
          latest={record.data}
          onStale={() => void record.refetch()}
          onReload={() => void reload()}
        />
      </>
    );

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {t(editing ? 'web.action.edit' : 'web.action.new', { entity: screenName })}
      </Title>
      {body}
    </section>
  );
}
