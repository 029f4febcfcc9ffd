import { Checkbox, Table } from '@mantine/core';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { cellKey } from '../../utils/carry-over';

export interface CarryOverMatrixProps {
  classes: string[];
  /** The cells needing a flush (`cellKey(from, to)`). */
  flush: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (from: string, to: string, required: boolean) => void;
}

/** Rows: the previous order's class; columns: the next one's; a tick means a flush is required between them. */
export function CarryOverMatrix({ classes, flush, disabled, onToggle }: CarryOverMatrixProps) {
  const text = useScheduleText();
  const { t } = text;
  return (
    <Table withTableBorder withColumnBorders aria-label={t('web.schedules.carryOver.matrixLabel')} data-testid="carry-over-matrix">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('web.schedules.carryOver.corner')}</Table.Th>
          {classes.map((to) => (
            <Table.Th key={to} scope="col">
              {text.medicationClass(to)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {classes.map((from) => (
          <Table.Tr key={from}>
            <Table.Th scope="row">{text.medicationClass(from)}</Table.Th>
            {classes.map((to) => (
              <Table.Td key={to}>
                <Checkbox
                  checked={flush.has(cellKey(from, to))}
                  disabled={disabled}
                  onChange={(e) => onToggle(from, to, e.currentTarget.checked)}
                  aria-label={t('web.schedules.carryOver.cell', { from: text.medicationClass(from), to: text.medicationClass(to) })}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
