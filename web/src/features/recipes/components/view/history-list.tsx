import { List, Table, Text } from '@mantine/core';
import { Spinner } from '@/components/spinner';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useRecipeHistory, useReleaseLevels } from '../../api/recipes-api';
import { useRecipeText } from '../../hooks/use-recipe-text';
import { formatValue } from '../../utils/diff-format';
import { HISTORY_ACTIONS, historySummary } from '../../utils/history';
import type { PlantIndex } from '../../utils/plant-index';

/** The history of one version: when, who, what, and for updates what changed. */
export function HistoryList({ versionId, plant }: { versionId: string; plant: PlantIndex | null }) {
  const text = useRecipeText();
  const { t, date } = text;
  const history = useRecipeHistory(versionId);
  const levels = useReleaseLevels();
  useQueryErrorNotice(history);
  if (history.isPending) return <Spinner />;
  const entries = [...(history.data ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  if (entries.length === 0) return <Text size="sm">{t('web.recipes.history.none')}</Text>;

  const summaryText = {
    value: (field: string, v: unknown) =>
      formatValue(field, v, {
        field: text.field,
        record: (id) => plant?.label(id),
        number: (n) => text.num(n),
        yesNo: text.yesNo,
        medicationClass: text.medicationClass,
        weighingItem: () => '',
        mixingStep: () => '',
      }),
    level: (n: number) => levels.data?.find((l) => l.level === n)?.name ?? String(n),
  };
  const action = (a: string) => ((HISTORY_ACTIONS as readonly string[]).includes(a) ? t(`web.recipes.history.action.${a}`) : a);

  return (
    <Table withTableBorder maw={960} data-testid="history-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('web.recipes.history.when')}</Table.Th>
          <Table.Th>{t('web.recipes.history.who')}</Table.Th>
          <Table.Th>{t('web.recipes.history.what')}</Table.Th>
          <Table.Th>{t('web.recipes.history.details')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e, i) => {
          const parts = historySummary(e, summaryText);
          return (
            <Table.Tr key={`${e.at}-${i}`} data-action={e.action}>
              <Table.Td>{date(e.at)}</Table.Td>
              <Table.Td>{e.actor ?? '—'}</Table.Td>
              <Table.Td>{action(e.action)}</Table.Td>
              <Table.Td>
                {parts.length === 0 ? (
                  '—'
                ) : (
                  <List size="sm">
                    {parts.map((p, j) => (
                      <List.Item key={j}>
                        {t(p.id, { ...p.values, ...(typeof p.values.field === 'string' ? { field: text.field(p.values.field) } : {}), ...(typeof p.values.list === 'string' ? { list: text.field(p.values.list) } : {}) })}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
