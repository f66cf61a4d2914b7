import { describe, expect, it } from 'vitest';
import { movedColumnIds } from './column-order.ts';

describe('movedColumnIds', () => {
  it('swaps a column with its neighbour', () => {
    expect(movedColumnIds(['a', 'b', 'c'], ['a', 'b', 'c'], 'b', 'left')).toEqual(['b', 'a', 'c']);
    expect(movedColumnIds(['a', 'b', 'c'], ['a', 'b', 'c'], 'b', 'right')).toEqual(['a', 'c', 'b']);
  });

  it('moves past the visible neighbour, over hidden columns', () => {
    expect(movedColumnIds(['a', 'h', 'b'], ['a', 'b'], 'b', 'left')).toEqual(['b', 'a', 'h']);
    expect(movedColumnIds(['a', 'h', 'b'], ['a', 'b'], 'a', 'right')).toEqual(['h', 'b', 'a']);
  });

  it('answers null at the edges', () => {
    expect(movedColumnIds(['a', 'b'], ['a', 'b'], 'a', 'left')).toBeNull();
    expect(movedColumnIds(['a', 'b'], ['a', 'b'], 'b', 'right')).toBeNull();
  });
});
