import { describe, expect, it } from 'vitest';
import { fileNameFromUrl } from './download.ts';

describe('fileNameFromUrl', () => {
  it('returns the last path segment without query or hash', () => {
    expect(fileNameFromUrl('https://files.example.com/exports/report.csv?sig=abc#top')).toBe('report.csv');
  });

  it('decodes percent-encoded names', () => {
    expect(fileNameFromUrl('/downloads/Bank%20statement%20%231.xlsx')).toBe('Bank statement #1.xlsx');
  });

  it('keeps a malformed escape as written', () => {
    expect(fileNameFromUrl('/downloads/100%.csv')).toBe('100%.csv');
  });

  it('returns null when the URL ends without a segment', () => {
    expect(fileNameFromUrl('https://files.example.com/')).toBeNull();
    expect(fileNameFromUrl('https://files.example.com/exports/')).toBeNull();
  });
});
