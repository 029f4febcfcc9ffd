import { describe, expect, it } from 'vitest';
import { sortRows, splitErrors } from './report';

describe('import problems', () => {
  it('reads the `<row>.<column>` keys of a 400 import and keeps request problems apart', () => {
    const { rows, fields } = splitErrors({
      '10.code': 'Code taken',
      '2.dataType': 'Choose one of the offered options',
      '2.unit.extra': 'dots stay in the column',
      file: 'The file is empty',
    });
    expect(rows).toEqual([
      { row: 2, column: 'dataType', message: 'Choose one of the offered options' },
      { row: 2, column: 'unit.extra', message: 'dots stay in the column' },
      { row: 10, column: 'code', message: 'Code taken' },
    ]);
    expect(fields).toEqual({ file: 'The file is empty' });
  });

  it('handles an answer without errors', () => {
    expect(splitErrors(undefined)).toEqual({ rows: [], fields: {} });
  });

  it('sorts by row, keeping the order within a row', () => {
    const rows = sortRows([
      { row: 3, column: 'b', message: '' },
      { row: 1, column: 'x', message: '' },
      { row: 3, column: 'a', message: '' },
    ]);
    expect(rows.map((r) => `${r.row}${r.column}`)).toEqual(['1x', '3b', '3a']);
  });
});
