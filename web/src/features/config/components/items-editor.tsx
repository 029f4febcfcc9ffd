import { Button, Input, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { Field } from '../api/config-types';
import { useFieldLabel, type References } from '../hooks/use-display';
import { toFormValues, type FormValues } from '../utils/field-inputs';
import { errorKey } from '../utils/server-errors';
import { FieldInput } from './field-input';

export interface ItemsEditorProps {
  field: Field;
  rows: FormValues[];
  /** New rows; `cell` names the edited cell (its error key), if one was. */
  onChange: (rows: FormValues[], cell?: string) => void;
  /** The error shown on an input (`errorKey` of the field, or of a cell). */
  errorOf: (key: string) => string | undefined;
  refs: References;
  values: FormValues;
}

/** A new row: empty cells; a `sequence` continues after the highest one. */
function newRow(inner: Field[], rows: FormValues[]): FormValues {
  const row = toFormValues(inner);
  if (inner.some((f) => f.name === 'sequence')) {
    const highest = Math.max(0, ...rows.map((r) => Number(r.sequence)).filter(Number.isFinite));
    row.sequence = highest + 1;
  }
  return row;
}

/** Items (bin materials, mixing steps, iRam settings) as a small table: a row per item, add and remove. */
export function ItemsEditor({ field, rows, onChange, errorOf, refs, values }: ItemsEditorProps) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const label = useFieldLabel();
  const labelId = useId();
  const inner = field.kind.type === 'items' ? field.kind.fields : [];
  const name = label(field.name);
  const setCell = (i: number, cell: string, value: unknown) =>
    onChange(
      rows.map((r, j) => (j === i ? { ...r, [cell]: value } : r)),
      errorKey(field.name, i, cell),
    );

  return (
    <Input.Wrapper label={name} required={field.required} error={errorOf(field.name)} labelElement="div" labelProps={{ id: labelId }}>
      <Table.ScrollContainer minWidth={480} mt={4}>
        <Table withTableBorder verticalSpacing={4} aria-labelledby={labelId} data-field={field.name}>
          <Table.Thead>
            <Table.Tr>
              {inner.map((f) => (
                <Table.Th key={f.name}>
                  {label(f.name)}
                  {f.unit ? ` (${f.unit})` : ''}
                  {f.required ? <span aria-hidden="true"> *</span> : null}
                </Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>{t('web.config.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={i}>
                {inner.map((f) => (
                  <Table.Td key={f.name} style={{ verticalAlign: 'top' }}>
                    <FieldInput
                      field={f}
                      value={row[f.name]}
                      onChange={(v) => setCell(i, f.name, v)}
                      error={errorOf(errorKey(field.name, i, f.name))}
                      refs={refs}
                      values={values}
                      row={i + 1}
                    />
                  </Table.Td>
                ))}
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="#c92a2a"
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                    aria-label={t('web.config.removeRowOf', { field: name, row: i + 1 })}
                  >
                    {t('web.config.removeRow')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {t('web.config.noRows')}
        </Text>
      ) : null}
      <Button size="xs" variant="default" mt="xs" onClick={() => onChange([...rows, newRow(inner, rows)])} aria-label={t('web.config.addRowOf', { field: name })}>
        {t('web.config.addRow')}
      </Button>
    </Input.Wrapper>
  );
}
