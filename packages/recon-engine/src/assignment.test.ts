import { describe, expect, it } from 'vitest';
import { hungarian, resolveConflicts } from './assignment.ts';

describe('conflict resolution', () => {
  it('solves the assignment problem optimally', () => {
    const cost = [
      [4, 1, 3],
      [2, 0, 5],
      [3, 2, 2],
    ];
    expect(hungarian(cost)).toEqual([1, 0, 2]);
  });

  it('handles more columns than rows', () => {
    expect(hungarian([[5, 1, 9, 0.5]])).toEqual([3]);
  });

  it('chooses the best total in a small component where greedy would not', () => {
    // Greedy takes L0-R0 (0.95) and leaves L1 with nothing; optimal takes L0-R1 and L1-R0.
    const edges = { left: [0, 0, 1], right: [0, 1, 0], score: [0.95, 0.9, 0.9] };
    const chosen = resolveConflicts(edges, 2, 2).map((edge) => [edges.left[edge], edges.right[edge]]);
    expect(chosen).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('keeps separate components apart', () => {
    const edges = { left: [0, 1], right: [1, 0], score: [0.7, 0.8] };
    expect(resolveConflicts(edges, 2, 2)).toEqual([0, 1]);
  });
});
