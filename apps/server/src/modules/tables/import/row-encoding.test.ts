import { describe, expect, it } from 'vitest';
import { copyField, unescapeCopyField } from '../../../db/copy-text.ts';
import { batchPayload, encodeRow } from './row-encoding.ts';

const target = {
  tableId: '00000000-0000-4000-8000-000000000001',
  importId: '00000000-0000-4000-8000-000000000002',
};
const id = '0190a6b2-0000-7000-8000-000000000003';
const values = { c000000000001: 'tab\there "quoted" back\\slash\nline', c000000000002: '1250' };

describe('row encoding', () => {
  it('keeps every character of a JSON row (jsonb_to_recordset)', () => {
    const line = encodeRow('json', target, id, values, 'search "text"', 'key\\1');
    expect(JSON.parse(batchPayload('json', [line, line]))).toEqual([
      { i: id, v: values, s: 'search "text"', k: 'key\\1' },
      { i: id, v: values, s: 'search "text"', k: 'key\\1' },
    ]);
    expect(JSON.parse(encodeRow('json', target, id, {}, '', null))).toEqual({ i: id, v: {}, s: '', k: null });
  });

  it('escapes backslashes, tabs and line breaks in COPY lines, and keys may be null', () => {
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    const staged = encodeRow('copy-staged', target, id, values, 'a\tb', null);
    expect(staged.endsWith('\n')).toBe(true);
    const fields = staged.slice(0, -1).split('\t');
    expect(fields).toHaveLength(4);
    expect(fields[0]).toBe(id);
    expect(JSON.parse(unescapeCopyField(fields[1] ?? '') ?? '')).toEqual(values);
    expect(unescapeCopyField(fields[2] ?? '')).toBe('a\tb');
    expect(fields[3]).toBe('\\N');
    const direct = encodeRow('copy-items', target, id, values, 's', null).slice(0, -1).split('\t');
    expect(direct).toEqual([id, target.tableId, fields[1], 's', target.importId]);
  });
});
