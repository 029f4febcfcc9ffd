import { Button, Group, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { useSession } from '@/lib/session-store';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { usePlantTime } from '@/lib/use-plant-time';
import { useRecord } from '../api/config-api';
import type { ConfigRecord, EntityDescriptor, Field } from '../api/config-types';
import { useDisplayContext, useFieldLabel, useReferences } from '../hooks/use-display';
import { hrefs, type ConfigScreen } from '../utils/config-screens';
import { displayValue, referencedEntities, type DisplayContext } from '../utils/display';
import { bySequence } from '../utils/field-inputs';
import { may } from '../utils/permissions';

export interface EntityViewPageProps {
  screen: ConfigScreen;
  descriptor: EntityDescriptor;
  all: EntityDescriptor[];
  id: string;
}

/** A record read-only: every field, references as `code – name`, items as a table; Edit for those who may. */
export function EntityViewPage({ screen, descriptor, all, id }: EntityViewPageProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const label = useFieldLabel();
  const record = useRecord(descriptor, id);
  const data = record.data;
  const lineId = data?.lineId ?? null;
  const refs = useReferences(all, referencedEntities(descriptor.fields, data ?? {}), lineId);
  const ctx = useDisplayContext(all, refs, true);
  const { lines } = useLines();
  // A change's time reads in the record's line's zone (a plant-wide record: the lines' common zone).
  const plant = usePlantTime(lineId);
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  useQueryErrorNotice(record);

  const screenName = t(`web.screen.${descriptor.screen}`);
  let body;
  if (record.isPending) body = <Spinner fill />;
  else if (!data) body = <Text data-testid="config-not-found">{t('web.config.notFound')}</Text>;
  else
    body = (
      <Table withTableBorder variant="vertical" maw={960} data-testid="config-view">
        <Table.Tbody>
          {descriptor.scoped ? (
            <Row label={t('web.config.line')}>{lines.find((l) => l._id === lineId)?.name ?? lineId}</Row>
          ) : null}
          {descriptor.fields.map((f) => (
            <Row key={f.name} label={label(f.name)} field={f.name}>
              {f.kind.type === 'items' ? <ItemsView field={f} record={data} ctx={ctx} /> : displayValue(f, data, ctx, true)}
            </Row>
          ))}
          {data.updatedAt || data.createdAt ? (
            <Row label={t('web.config.changed')}>
              {t('web.config.changedBy', {
                at: `${plant.dateTime(String(data.updatedAt ?? data.createdAt))} (${plant.zone})`,
                by: String(data.updatedBy ?? data.createdBy ?? ''),
              })}
            </Row>
          ) : null}
        </Table.Tbody>
      </Table>
    );

  return (
    <section aria-labelledby="screen-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.action.view', { entity: screenName })}
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={hrefs.list(screen, lineId)}>
            {t('web.config.backToList')}
          </Button>
          {data && may(descriptor.key, 'update', role, privileges) ? (
            <Button component={Link} to={hrefs.edit(screen, data._id)} data-testid="config-edit">
              {t('web.config.edit')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {body}
    </section>
  );
}

function Row({ label, field, children }: { label: string; field?: string; children: React.ReactNode }) {
  return (
    <Table.Tr data-field={field}>
      <Table.Th scope="row" w="30%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Items read-only, steps in sequence. */
function ItemsView({ field, record, ctx }: { field: Field; record: ConfigRecord; ctx: DisplayContext }) {
  const label = useFieldLabel();
  const inner = field.kind.type === 'items' ? field.kind.fields : [];
  const rows = bySequence(Array.isArray(record[field.name]) ? (record[field.name] as Record<string, unknown>[]) : [], inner);
  if (rows.length === 0) return <>{ctx.count(0)}</>;
  return (
    <Table withTableBorder verticalSpacing={2} fz="sm">
      <Table.Thead>
        <Table.Tr>
          {inner.map((f) => (
            <Table.Th key={f.name}>{label(f.name)}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={i}>
            {inner.map((f) => (
              <Table.Td key={f.name}>{displayValue(f, row, ctx, true)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
