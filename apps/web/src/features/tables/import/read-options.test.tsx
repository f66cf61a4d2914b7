// @vitest-environment jsdom
import type { ImportProposal } from '@counterpart/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeFormat, ReadOptions } from './read-options.tsx';

afterEach(cleanup);

const workbook: ImportProposal = {
  format: 'xlsx',
  statement_format: null,
  encoding: null,
  delimiter: null,
  has_header: true,
  line_endings: null,
  sheets: [
    { name: 'January', row_count: 120 },
    { name: 'February', row_count: null },
  ],
  sheet: 'January',
  columns: [],
  sample_rows: [],
  mapping: [],
  table_name: 'ledger',
};

describe('ReadOptions', () => {
  it('offers the sheets of a workbook, and a change asks again with the other sheet', () => {
    const onChange = vi.fn();
    render(<ReadOptions proposal={workbook} busy={false} onChange={onChange} />);
    const sheet = screen.getByLabelText('Sheet') as HTMLSelectElement;
    expect([...sheet.options].map((option) => option.text)).toEqual(['January (120 rows)', 'February']);
    expect(screen.queryByLabelText('Delimiter')).toBeNull();
    fireEvent.change(sheet, { target: { value: 'February' } });
    expect(onChange).toHaveBeenCalledWith({ has_header: true, sheet: 'February' });
    fireEvent.click(screen.getByLabelText('First row is a header'));
    expect(onChange).toHaveBeenLastCalledWith({ has_header: false, sheet: 'January' });
  });

  it('shows a bank statement as such, without delimiter or header choices', () => {
    const statement: ImportProposal = {
      ...workbook,
      format: 'statement',
      statement_format: 'mt940',
      sheets: [],
    };
    render(<ReadOptions proposal={statement} busy={false} onChange={() => {}} />);
    expect(screen.getByTestId('detected-format').textContent).toBe('Bank statement (MT940)');
    expect(screen.queryByLabelText('Delimiter')).toBeNull();
    expect(screen.queryByLabelText('First row is a header')).toBeNull();
  });

  it('asks the date format of a QIF statement, and a choice reads the file again with it', () => {
    const onChange = vi.fn();
    const qif: ImportProposal = {
      ...workbook,
      format: 'statement',
      statement_format: 'qif',
      sheets: [],
      sheet: null,
      qif_date_format: null,
    };
    render(<ReadOptions proposal={qif} busy={false} onChange={onChange} />);
    expect(screen.getByTestId('detected-format').textContent).toBe('Bank statement (QIF)');
    const format = screen.getByLabelText('Date format') as HTMLSelectElement;
    expect([...format.options].map((option) => option.text)).toEqual([
      'Choose…',
      'dd/mm/yyyy',
      'mm/dd/yyyy',
      'yyyy-mm-dd',
    ]);
    fireEvent.change(format, { target: { value: 'mm/dd/yyyy' } });
    expect(onChange).toHaveBeenCalledWith({ has_header: true, qif_date_format: 'mm/dd/yyyy' });
  });

  it('describes a CSV with its encoding and line endings', () => {
    expect(
      describeFormat({
        ...workbook,
        format: 'csv',
        encoding: 'windows-1252',
        line_endings: 'mixed',
        sheets: [],
      }),
    ).toBe('CSV · Windows-1252 · mixed line endings');
  });
});
