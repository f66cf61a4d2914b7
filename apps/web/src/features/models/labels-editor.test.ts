import { describe, expect, it } from 'vitest';
import { INVOICE_LABELS, labelProblems } from './labels-editor.tsx';

describe('labelProblems', () => {
  it('accepts the usual invoice fields', () => {
    expect(labelProblems(INVOICE_LABELS).size).toBe(0);
  });

  it('names what is wrong with each label, by row', () => {
    const problems = labelProblems([
      { key: 'total', name: 'Total', type: 'amount', required: true, columns: [] },
      { key: '', name: '', type: 'text', required: false, columns: [] },
      { key: '9lives', name: 'Lives', type: 'text', required: false, columns: [] },
      { key: 'total', name: 'Total again', type: 'amount', required: false, columns: [] },
      { key: 'lines', name: 'Lines', type: 'table', required: false, columns: [] },
      {
        key: 'rows',
        name: 'Rows',
        type: 'table',
        required: false,
        columns: [{ key: '', name: ' ', type: 'text' }],
      },
    ]);
    expect([...problems]).toEqual([
      [1, 'Give the label a name'],
      [2, 'The key uses lower-case letters, digits and _, starting with a letter'],
      [3, 'Another label already has the key total'],
      [4, 'A line-items label needs at least one column'],
      [5, 'Every column needs a name'],
    ]);
  });
});
