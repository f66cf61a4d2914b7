import { describe, expect, it } from 'vitest';
import { checkpoint, commit, historyOf, redo, replace, undo } from './editor-history.ts';

describe('editor history', () => {
  it('undoes and redoes committed steps; a new step drops the redo', () => {
    let h = commit(commit(historyOf(1), 2), 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
    h = commit(undo(h), 4);
    expect(h).toEqual({ past: [1, 2], present: 4, future: [] });
    expect(redo(h)).toBe(h);
    expect(undo(historyOf(1)).present).toBe(1);
  });

  it('records a drag as one step: checkpoint, then replaces', () => {
    let h = checkpoint(historyOf('a'));
    h = replace(replace(h, 'b'), 'c');
    expect(undo(h).present).toBe('a');
  });
});
