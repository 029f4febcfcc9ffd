import { Alert, Button, Group, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Difference } from '@/lib/stale-edit';

/** A dark amber: Mantine's orange fails WCAG AA contrast as text on its light alert (axe). */
const WARNING = '#8a4b00';

export interface StaleEditAlertProps {
  /** The server's sentence: who saved and when. */
  message: string;
  /** The fields where the user's input and the saved record differ; undefined while the saved record loads. */
  differences: Difference[] | undefined;
  /** Drops the user's input and shows the saved record. */
  onReload: () => void;
  /** Saves the user's input over the saved record (the user saw what they replace). */
  onOverwrite: () => void;
  busy?: boolean;
}

/**
 * Someone saved the record after this form opened it: the user's input stays on screen, and the
 * alert offers to compare it with the saved record, to reload that, or to save over it.
 */
export function StaleEditAlert({ message, differences, onReload, onOverwrite, busy = false }: StaleEditAlertProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [comparing, setComparing] = useState(false);
  const tableId = useId();

  let comparison = null;
  if (comparing && differences === undefined) comparison = <Text size="sm">{t('web.stale.loading')}</Text>;
  else if (comparing && differences?.length === 0) comparison = <Text size="sm">{t('web.stale.same')}</Text>;
  else if (comparing && differences)
    comparison = (
      <Table withTableBorder striped mt="sm" data-testid="stale-compare">
        <Table.Caption>{t('web.stale.caption', { count: differences.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('web.stale.field')}</Table.Th>
            <Table.Th scope="col">{t('web.stale.mine')}</Table.Th>
            <Table.Th scope="col">{t('web.stale.theirs')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {differences.map((d) => (
            <Table.Tr key={d.key}>
              <Table.Th scope="row">{d.label}</Table.Th>
              <Table.Td>{d.mine || '—'}</Table.Td>
              <Table.Td>{d.theirs || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Alert color={WARNING} variant="light" role="alert" title={t('web.stale.title')} data-testid="stale-edit">
      <Text size="sm">{message}</Text>
      <Text size="sm" mt={4}>
        {t('web.stale.kept')}
      </Text>
      <Group mt="sm" gap="xs" wrap="wrap">
        <Button size="xs" variant="default" aria-expanded={comparing} aria-controls={tableId} onClick={() => setComparing((c) => !c)} data-testid="stale-compare-toggle">
          {t(comparing ? 'web.stale.hideCompare' : 'web.stale.compare')}
        </Button>
        <Button size="xs" onClick={onReload} disabled={busy} data-testid="stale-reload">
          {t('web.stale.reload')}
        </Button>
        <Button size="xs" color={WARNING} variant="outline" onClick={onOverwrite} loading={busy} disabled={differences === undefined} data-testid="stale-overwrite">
          {t('web.stale.overwrite')}
        </Button>
      </Group>
      <div id={tableId}>{comparison}</div>
    </Alert>
  );
}
