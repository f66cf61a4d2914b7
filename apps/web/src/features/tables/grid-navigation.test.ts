import { describe, expect, it } from 'vitest';
import { moveCell } from './grid-navigation.ts';

describe('moveCell', () => {
  it('moves one cell per arrow key', () => {
    expect(moveCell({ row: 1, col: 1 }, 'ArrowDown', 5, 4)).toEqual({ row: 2, col: 1 });
    expect(moveCell({ row: 1, col: 1 }, 'ArrowUp', 5, 4)).toEqual({ row: 0, col: 1 });
    expect(moveCell({ row: 1, col: 1 }, 'ArrowRight', 5, 4)).toEqual({ row: 1, col: 2 });
    expect(moveCell({ row: 1, col: 1 }, 'ArrowLeft', 5, 4)).toEqual({ row: 1, col: 0 });
  });

  it('stops at the edges of the grid', () => {
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', 5, 4)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 4, col: 3 }, 'ArrowRight', 5, 4)).toEqual({ row: 4, col: 3 });
    expect(moveCell({ row: 4, col: 3 }, 'ArrowDown', 5, 4)).toEqual({ row: 4, col: 3 });
  });

  it('jumps to the row ends with Home/End and the grid corners with Ctrl', () => {
    expect(moveCell({ row: 2, col: 2 }, 'Home', 5, 4)).toEqual({ row: 2, col: 0 });
    expect(moveCell({ row: 2, col: 1 }, 'End', 5, 4)).toEqual({ row: 2, col: 3 });
    expect(moveCell({ row: 2, col: 2 }, 'End', 5, 4, true)).toEqual({ row: 4, col: 3 });
    expect(moveCell({ row: 2, col: 2 }, 'Home', 5, 4, true)).toEqual({ row: 0, col: 0 });
  });

  it('ignores other keys', () => {
    expect(moveCell({ row: 1, col: 1 }, 'a', 5, 4)).toBeNull();
  });
});
