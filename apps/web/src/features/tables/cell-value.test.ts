import type { TableColumn } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import {
  editTextOf,
  formatCell,
  inputValueOf,
  isStatusCell,
  minorToMajorText,
  restoreValueOf,
} from './cell-value.ts';

function column(type: TableColumn['type'], extra: Partial<TableColumn> = {}): TableColumn {
  return { id: 'c1', name: 'Col', type, position: 0, ...extra };
}

describe('minorToMajorText', () => {
  it('keeps every digit of large and negative amounts without floats', () => {
    expect(minorToMajorText('123450')).toBe('1234.50');
    expect(minorToMajorText('-5')).toBe('-0.05');
    expect(minorToMajorText('900719925474099312')).toBe('9007199254740993.12');
    expect(minorToMajorText('1200', 0)).toBe('1200');
  });
});

describe('formatCell', () => {
  it('formats currency cells en-US with their code', () => {
    const text = formatCell(column('currency'), { minor_units: '123450', currency: 'KES' });
    expect(text).toContain('1,234.50');
    expect(text).toContain('KES');
  });

  it('groups numbers, names booleans and counts links', () => {
    expect(formatCell(column('number'), 1234567.5)).toBe('1,234,567.5');
    expect(formatCell(column('boolean'), false)).toBe('No');
    expect(formatCell(column('link'), ['a', 'b'])).toBe('2 linked records');
  });

  it('shows empty cells as nothing', () => {
    expect(formatCell(column('text'), null)).toBe('');
    expect(formatCell(column('date'), undefined)).toBe('');
  });
});

describe('editTextOf and inputValueOf', () => {
  it('starts a currency edit from exact major units', () => {
    expect(editTextOf(column('currency'), { minor_units: '-123450', currency: 'KES' })).toBe('-1234.50');
  });

  it('sends empty edits as null and booleans as booleans', () => {
    expect(inputValueOf(column('currency'), '  ')).toBeNull();
    expect(inputValueOf(column('boolean'), 'true')).toBe(true);
    expect(inputValueOf(column('currency'), ' (1,234.50) ')).toBe('(1,234.50)');
  });
});

describe('isStatusCell', () => {
  it('badges select values named like a status or carrying a tone', () => {
    expect(isStatusCell(column('single_select', { name: 'Status' }), 'Open')).toBe(true);
    expect(isStatusCell(column('single_select', { name: 'Kind' }), 'reconciled')).toBe(true);
    expect(isStatusCell(column('single_select', { name: 'Kind' }), 'Invoice')).toBe(false);
    expect(isStatusCell(column('text', { name: 'Status' }), 'reconciled')).toBe(false);
  });
});

describe('restoreValueOf', () => {
  it('puts currency back as exact minor units and other cells as stored', () => {
    expect(restoreValueOf({ minor_units: '-123450', currency: 'KES' })).toEqual({ minor_units: '-123450' });
    expect(restoreValueOf('2026-01-31')).toBe('2026-01-31');
    expect(restoreValueOf(undefined)).toBeNull();
  });
});
