import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
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
      {recipe.weighings.length === 0 ? (
        <Text size="sm">{t('web.schedules.control.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped aria-labelledby="control-weighings" data-testid="control-weighings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('web.schedules.field.sequence')}</Table.Th>
                <Table.Th>{t('web.schedules.control.scale')}</Table.Th>
                <Table.Th>{t('web.schedules.control.material')}</Table.Th>
                <Table.Th>{t('web.schedules.control.bin')}</Table.Th>
                <Table.Th>{t('web.schedules.control.setpoint')}</Table.Th>
                <Table.Th>{t('web.schedules.control.tolerance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipe.weighings.map((w, i) => (
                <Table.Tr key={`${w.scaleCode}-${w.sequence}-${i}`} data-material={w.materialCode}>
                  <Table.Td>{w.sequence}</Table.Td>
                  <Table.Td>{w.scaleCode}</Table.Td>
                  <Table.Td>{`${w.materialCode} · ${w.materialName}`}</Table.Td>
                  <Table.Td>{w.binCode ?? '—'}</Table.Td>
                  <Table.Td>{kg(w.setpointKg)}</Table.Td>
                  <Table.Td>± {kg(w.toleranceKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3} size="h5" id="control-mixing">
        {t('web.schedules.control.mixing')}
      </Title>
      {recipe.mixing.length === 0 ? (
        <Text size="sm">{t('web.schedules.control.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped aria-labelledby="control-mixing" data-testid="control-mixing">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('web.schedules.field.sequence')}</Table.Th>
                <Table.Th>{t('web.schedules.control.action')}</Table.Th>
                <Table.Th>{t('web.schedules.control.mode')}</Table.Th>
                <Table.Th>{t('web.schedules.control.duration')}</Table.Th>
                <Table.Th>{t('web.schedules.control.parameters')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipe.mixing.map((m, i) => (
                <Table.Tr key={`${m.sequence}-${i}`}>
                  <Table.Td>{m.sequence}</Table.Td>
                  <Table.Td>{m.actionCode}</Table.Td>
                  <Table.Td>{m.modeCode ?? '—'}</Table.Td>
                  <Table.Td>{num(m.durationS)}</Table.Td>
                  <Table.Td>
                    {m.parameters.length === 0 ? (
                      '—'
                    ) : (
                      <List size="sm">
                        {m.parameters.map((p) => (
                          <List.Item key={p.code}>{`${p.code} = ${valueText(p.value, p.unit, values)}`}</List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
