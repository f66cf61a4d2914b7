import type { SuggestionWhy } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { suggestionContradictionText, suggestionWhyText } from './group-panel.tsx';

const side = (name: string) => ({ name, fields: undefined, columns: [] });

describe('why a suggestion', () => {
  const why: SuggestionWhy = {
    kind: 'threshold',
    score: 0.62,
    auto_accept: 0.9,
    names: { item_id: 'i-1', key: '10167', reference: 'INV-10167' },
  };

  it('says when it contradicts an explicit reference, naming both rows', () => {
    expect(suggestionWhyText(why, side('Bank'), side('Ledger'))).toBe(
      'Its score, 62 %, is below the 90 % an automatic match needs.',
    );
    expect(suggestionContradictionText(why, side('Ledger'), ['INV-10103'])).toBe(
      'Its reference names INV-10167 in Ledger, but INV-10103 was chosen.',
    );
    const gone = { ...why, names: { item_id: 'i-1', key: '10167', reference: '' } };
    expect(suggestionContradictionText(gone, side('Ledger'), [undefined])).toBe(
      'Its reference names 10167 in Ledger, but another row was chosen.',
    );
  });

  it('says nothing more when the reference names no other row', () => {
    const { names: _names, ...plain } = why;
    expect(suggestionContradictionText(plain, side('Ledger'), ['INV-10103'])).toBeNull();
  });
});
