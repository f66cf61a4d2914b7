// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob, saveUrl } from './download.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function recordClicks() {
  const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });
  return clicked;
}

describe('saveUrl', () => {
  it('clicks an attached anchor carrying the file name, then removes it', () => {
    const clicked = recordClicks();
    saveUrl('https://files.example.com/r.csv', 'report.csv');
    expect(clicked).toEqual([
      { href: 'https://files.example.com/r.csv', download: 'report.csv', attached: true },
    ]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });
});

describe('saveBlob', () => {
  it('saves through an object URL and revokes it afterwards, not before', () => {
    vi.useFakeTimers();
    const clicked = recordClicks();
    const revoke = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = revoke;
    saveBlob(new Blob(['a,b']), 'data.csv');
    expect(clicked[0]).toMatchObject({ href: 'blob:http://localhost/1', download: 'data.csv' });
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/1');
  });
});
