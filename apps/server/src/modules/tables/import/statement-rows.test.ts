import type { TableColumn } from '@counterpart/contracts';
import type { StatementTransaction } from '@counterpart/statements';
import { describe, expect, it } from 'vitest';
import { amountInDecimals, statementRow } from './statement-rows.ts';

const tx = (amount_minor: string, currency: string): StatementTransaction => ({
  booking_date: '2024-05-02',
  value_date: '2024-05-03',
  amount_minor,
  currency,
  reference: 'E2E-1',
  counterparty: 'Acme',
  narrative: 'Invoice 9',
  bank_reference: 'BR-1',
  external_key: 'camt:ACC:BR-1',
  line: 42,
});

const amount = (currency: string, decimals: number): TableColumn =>
  ({ id: 'c1', name: 'Amount', type: 'currency', currency, decimals }) as TableColumn;

describe('statement amounts in the target column', () => {
  it('converts exactly between minor digits, refusing what would need rounding', () => {
    expect(amountInDecimals(tx('-125050', 'EUR'), 2)).toBe('-1250.50');
    expect(amountInDecimals(tx('1500', 'JPY'), 2)).toBe('1500.00');
    expect(amountInDecimals(tx('1230', 'BHD'), 2)).toBe('1.23');
    expect(amountInDecimals(tx('1234', 'BHD'), 2)).toBeNull();
    expect(amountInDecimals(tx('150000', 'USD'), 0)).toBe('1500');
    expect(amountInDecimals(tx('150001', 'USD'), 0)).toBeNull();
    expect(amountInDecimals(tx('90071992547409931', 'EUR'), 3)).toBe('900719925474099.310');
  });

  it('gives the fixed cells then the key, in the currency column’s decimals', () => {
    expect(statementRow(tx('1230', 'BHD'), amount('EUR', 2))).toEqual({
      fields: [
        '2024-05-02',
        '2024-05-03',
        '1.23',
        'BHD',
        'E2E-1',
        'Acme',
        'Invoice 9',
        'BR-1',
        // The counterparty's number (an M-Pesa payer's phone): none on this transaction.
        '',
        'camt:ACC:BR-1',
      ],
      line: 42,
    });
    // Not a currency column: the amount as written in its own currency.
    expect(statementRow(tx('1234', 'BHD'), null).fields[2]).toBe('1.234');
  });

  it('refuses a row whose amount cannot be stored exactly, naming its line', () => {
    expect(statementRow(tx('1234', 'BHD'), amount('EUR', 2)).refusal).toEqual({
      line: 42,
      column: 'Amount',
      value: '1.234 BHD',
      message: '1.234 BHD cannot be stored exactly in "Amount" (EUR, 2 decimals)',
    });
  });
});
