import { describe, expect, it } from 'vitest';
import { parseCsvRows, parseDay, recordsFromCsv, resultToCsv } from './csv.ts';
import { defaultRuleSet } from './rules.ts';
import { run } from './run.ts';

describe('CSV for the CLI', () => {
  it('reads quoted fields, doubled quotes, newlines in quotes, CRLF and a BOM', () => {
    expect(parseCsvRows('\ufeffa,"b, c","say ""hi"""\r\n1,"two\nlines",3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', 'two\nlines', '3'],
    ]);
  });

  it('reads ISO dates (time ignored) and day/month/year, and refuses impossible ones', () => {
    expect(parseDay('2026-01-01')).toBe(20_454);
    expect(parseDay('2026-01-01 14:03:22')).toBe(20_454);
    expect(parseDay('1/1/2026')).toBe(20_454);
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
  });

  it('cleans amounts by the spec rules into exact minor units', () => {
    const records = recordsFromCsv(
      'id,amount,date,reference\nb1,"$1,234.50",2026-01-02,INV-1\nb2,(15.25),2026-01-02,\nb3,7.5-,2026-01-02,',
      'left.csv',
    );
    expect(records.map((record) => record.amount)).toEqual([123_450n, -1_525n, -750n]);
    expect(records[0]).toMatchObject({ currency: 'KES', date: 20_455, reference: 'INV-1' });
  });

  it('names the file, line and field of a bad value', () => {
    expect(() => recordsFromCsv('id,amount,date\nb1,12,2026-01-01\nb2,abc,2026-01-01', 'bank.csv')).toThrow(
      'bank.csv line 3: amount "abc" is not a number',
    );
    expect(() => recordsFromCsv('id,amount,date\nb1,12,01-2026', 'bank.csv')).toThrow(
      /bank.csv line 2: date "01-2026"/,
    );
    expect(() => recordsFromCsv('id,date\nb1,2026-01-01', 'bank.csv')).toThrow(
      'bank.csv: missing column amount',
    );
  });

  it('writes one row per record with the group, status and explanation, then the open ones', () => {
    const left = recordsFromCsv(
      'id,amount,date,reference\nb1,100.00,2026-01-02,INV-2026-000001\nb2,5,2026-01-02,x',
      'l',
    );
    const right = recordsFromCsv('id,amount,date,reference\ni1,100,2026-01-01,INV-2026-000001', 'r');
    const csv = resultToCsv(run(left, right, defaultRuleSet()), left, right);
    expect(csv.split('\n')).toEqual([
      'group,status,rule_id,score,side,id,amount,difference,explanation',
      '1,reconciled,exact,1,left,b1,100.00,0.00,amount equal; date 1 day apart; reference INV2026000001 equal',
      '1,reconciled,exact,1,right,i1,100.00,0.00,amount equal; date 1 day apart; reference INV2026000001 equal',
      ',unreconciled,,,left,b2,5.00,,',
      '',
    ]);
  });
});
