import { describe, expect, it } from 'vitest';
import { payerOf } from './payer.ts';
import { NO_PAYER, PayerTable } from './payer-table.ts';
import type { PreparedSide } from './prepare.ts';
import { record } from './test-records.ts';
import type { EngineRecord } from './types.ts';

function tableOf(records: EngineRecord[]): PayerTable {
  return new PayerTable({ records } as PreparedSide);
}

describe('payer table', () => {
  const records = [
    record('a', 100, 'A', { text: 'Pay Bill Online from 2547******123 - JANE WANJIRU Acc. INV-1' }),
    record('b', 200, 'B', { text: 'Pay Bill from 2547***123 - Jane Wanjiru Acc. PAYMENT' }),
    record('c', 300, 'C', { text: 'Pay Bill from 2547******123 - WANJIRU JANE Acc. INV-2' }),
    record('d', 400, 'D', { text: 'TRF FROM MWANGI HARDWARE LTD', counterparty: 'MWANGI HARDWARE LTD' }),
    record('e', 500, 'E', {
      text: 'Pay Bill from nobody - JANE Acc. X',
      counterparty: 'MWANGI HARDWARE LTD',
    }),
    record('f', 600, 'F', { text: 'CASH DEPOSIT' }),
  ];

  it('gives payments of one payer one identity, whatever the mask and case, and reads it as payerOf does', () => {
    const table = tableOf(records);
    const ids = records.map((_, l) => table.identityOf(l));
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    records.forEach((written, l) => {
      const id = ids[l]!;
      expect(id === NO_PAYER ? null : table.identities[id]).toEqual(
        payerOf(written.text, written.counterparty),
      );
    });
  });

  it('reads the counterparty when the Details part has no phone, and nothing when there is neither', () => {
    const table = tableOf(records);
    expect(table.identityOf(4)).toBe(table.identityOf(3));
    expect(table.identityOf(5)).toBe(NO_PAYER);
  });

  it("interns each identity's learning keys once", () => {
    const table = tableOf(records);
    const [a, c] = [table.identityOf(0), table.identityOf(2)];
    const names = (id: number) => [...table.keysOf[id]!].map((key) => table.keyNames[key]);
    expect(names(a)).toEqual(['P123 JANE', 'P123 WANJIRU']);
    expect(names(c)).toEqual(['P123 WANJIRU', 'P123 JANE']);
    expect(table.keysOf[c]![0]).toBe(table.keysOf[a]![1]);
  });

  it('takes a table read elsewhere of any size (a 1M run has some 200k identities)', () => {
    const count = 300_000;
    const keyStart = Int32Array.from({ length: count + 1 }, (_, i) => i);
    const table = new PayerTable(
      { records: [{ text: 'x' }] },
      {
        ofRecord: Int32Array.of(count - 1),
        identities: Array.from({ length: count }, (_, i) => ({ phone: null, name: [`N${i}`] })),
        keys: Int32Array.from({ length: count }, (_, i) => i),
        keyStart,
        keyNames: Array.from({ length: count }, (_, i) => `NN${i}`),
      },
    );
    expect(table.identityOf(0)).toBe(count - 1);
    expect(table.identities[count - 1]!.name).toEqual([`N${count - 1}`]);
    expect([...table.keysOf[count - 1]!].map((key) => table.keyNames[key])).toEqual([`NN${count - 1}`]);
  });
});
