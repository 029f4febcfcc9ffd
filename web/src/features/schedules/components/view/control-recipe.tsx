import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { ReadTable } from '@/components/read-table';
import type { ControlRecipe } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { valueText } from '../../utils/display';

/** What the line runs for every batch of the order: doses, mixing steps and miscellaneous values. */
export function ControlRecipeView({ recipe, frozen }: { recipe: ControlRecipe; frozen: boolean }) {
  const text = useScheduleText();
  const { t, kg, num } = text;
  const values = { num: (n: number) => num(n), yesNo: text.yesNo };
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="control-state">
        {t(frozen ? 'web.schedules.control.frozen' : 'web.schedules.control.preview', { code: recipe.recipeCode, version: recipe.recipeVersion, size: kg(recipe.batchSizeKg) })}
      </Text>
      <Title order={3} size="h5" id="control-weighings">
        {t('web.schedules.control.weighings')}
      </Title>
      <ReadTable
        labelledBy="control-weighings"
        testId="control-weighings"
        minWidth={640}
        empty={t('web.schedules.control.none')}
        headers={['field.sequence', 'control.scale', 'control.material', 'control.bin', 'control.setpoint', 'control.tolerance'].map((k) => t(`web.schedules.${k}`))}
        rows={recipe.weighings.map((w, i) => ({
          key: `${w.scaleCode}-${w.sequence}-${i}`,
          data: { 'data-material': w.materialCode },
          cells: [w.sequence, w.scaleCode, `${w.materialCode} · ${w.materialName}`, w.binCode ?? '—', kg(w.setpointKg), `± ${kg(w.toleranceKg)}`],
        }))}
      />
      <Title order={3} size="h5" id="control-mixing">
        {t('web.schedules.control.mixing')}
      </Title>
      <ReadTable
        labelledBy="control-mixing"
        testId="control-mixing"
        minWidth={640}
        empty={t('web.schedules.control.none')}
        headers={['field.sequence', 'control.action', 'control.mode', 'control.duration', 'control.parameters'].map((k) => t(`web.schedules.${k}`))}
        rows={recipe.mixing.map((m, i) => ({
          key: `${m.sequence}-${i}`,
          cells: [
            m.sequence,
            m.actionCode,
            m.modeCode ?? '—',
            num(m.durationS),
            m.parameters.length === 0 ? (
              '—'
            ) : (
              <List size="sm">
                {m.parameters.map((p) => (
                  <List.Item key={p.code}>{`${p.code} = ${valueText(p.value, p.unit, values)}`}</List.Item>
                ))}
              </List>
            ),
          ],
        }))}
      />
      <Title order={3} size="h5" id="control-misc">
        {t('web.schedules.control.misc')}
      </Title>
      {recipe.miscellaneous.length === 0 ? (
        <Text size="sm">{t('web.schedules.control.none')}</Text>
      ) : (
        <Table withTableBorder maw={560} aria-labelledby="control-misc" data-testid="control-misc">
          <Table.Tbody>
            {recipe.miscellaneous.map((v) => (
              <Table.Tr key={v.code}>
                <Table.Th scope="row">{v.code}</Table.Th>
                <Table.Td>{valueText(v.value, v.unit, values)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Why a planned order could not be released as the line is configured now. */
export function ControlProblems({ problems }: { problems: string[] }) {
  const { t } = useScheduleText();
  return (
    <Alert color="#8a4b00" variant="light" title={t('web.schedules.control.problemsTitle')} data-testid="control-problems">
      <List size="sm">
        {problems.map((p, i) => (
          <List.Item key={i}>{p}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
