import { describe, expect, it } from 'vitest';
import { describeMap, detectColumnMap, parseMapFile, parseMapFlag, resolveColumnMap } from './column-map.ts';

describe('column maps', () => {
  it('reads a --left-map flag with quoted names, a difference and a join', () => {
    const map = parseMapFlag(
      'id="Receipt No",amount="Paid In"-"Withdrawn",date="Completion Time",reference="A/C No.",counterparty="First"+"Last"',
    );
    expect(map.amount).toEqual({ plus: ['Paid In'], minus: ['Withdrawn'] });
    expect(map.counterparty).toEqual({ plus: ['First', 'Last'], minus: [] });
    expect(describeMap(map)).toBe(
      'id=Receipt No, amount=Paid In−Withdrawn, date=Completion Time, reference=A/C No., counterparty=First+Last',
    );
    expect(parseMapFlag('id=Doc No, amount=Total').id).toEqual({ plus: ['Doc No'], minus: [] });
  });

  it('refuses an unknown field, a subtraction outside amount and an unclosed quote', () => {
    expect(() => parseMapFlag('invoice=No')).toThrow('"invoice=No" is not field=column');
    expect(() => parseMapFlag('reference="A"-"B"')).toThrow('only amount may subtract a column');
    expect(() => parseMapFlag('id="Receipt')).toThrow('a quote is not closed');
  });

  it('reads a map file of names, expressions and lists', () => {
    const map = parseMapFile(
      { id: 'Receipt No', amount: '"Paid In"-"Withdrawn"', counterparty: ['First', 'Last'] },
      'map.json',
    );
    expect(map.amount).toEqual({ plus: ['Paid In'], minus: ['Withdrawn'] });
    expect(map.counterparty?.plus).toEqual(['First', 'Last']);
    expect(() => parseMapFile({ colour: 'x' }, 'map.json')).toThrow('map.json: "colour" is not a field');
  });

  it('detects an ERP ledger: invoice number as id and reference, Total before Net, customer and phone joined', () => {
    const map = detectColumnMap(['Invoice No', 'Customer', 'Phone', 'Invoice Date', 'Net', 'Total']);
    expect(describeMap(map)).toBe(
      'id=Invoice No, amount=Total, date=Invoice Date, reference=Invoice No, counterparty=Customer+Phone',
    );
  });

  it('detects Paid In − Withdrawn and names the columns it found when one is missing', () => {
    const map = detectColumnMap([
      'Receipt No.',
      'Completion Time',
      'Details',
      'Paid In',
      'Withdrawn',
      'A/C No.',
    ]);
    expect(describeMap(map)).toBe(
      'id=Receipt No., amount=Paid In−Withdrawn, date=Completion Time, reference=A/C No., text=Details',
    );
    expect(() =>
      resolveColumnMap(parseMapFlag('id=Ref,amount=Sum,date=Day'), ['Ref', 'Day'], 'a.csv'),
    ).toThrow('a.csv: missing column "Sum" (for amount); the columns are "Ref", "Day"');
  });
});
