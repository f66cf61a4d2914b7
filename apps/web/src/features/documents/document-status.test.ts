import { statusBadgeTone } from '@counterpart/domain';
import { describe, expect, it } from 'vitest';
import { formatSize, STATUS_DISPLAY } from './document-status.ts';

describe('document status display', () => {
  it('gives processed a success tone, failed a danger tone and the rest a warning', () => {
    const tones = Object.fromEntries(
      Object.entries(STATUS_DISPLAY).map(([status, { tone }]) => [status, statusBadgeTone(tone)]),
    );
    expect(tones).toEqual({
      pending: 'warning',
      processing: 'warning',
      processed: 'success',
      ocr_needed: 'warning',
      failed: 'danger',
    });
  });

  it('formats sizes in B, KB and MB', () => {
    expect([formatSize(900), formatSize(1536), formatSize(5 * 1024 * 1024)]).toEqual([
      '900 B',
      '1.5 KB',
      '5 MB',
    ]);
  });
});
