/**
 * Conflict resolution for 1:1 candidate edges: the bipartite graph is split into connected components;
 * a component of at most HUNGARIAN_LIMIT nodes per side gets the optimal assignment (Hungarian method,
 * maximum total score), a larger one is resolved greedily by score. Deterministic: components, rows and
 * ties are taken in index order.
 */

export const HUNGARIAN_LIMIT = 50;

export interface Edges {
  left: number[];
  right: number[];
  score: number[];
}

/** Minimum-cost assignment of every row (rows ≤ columns); returns the column of each row. */
export function hungarian(cost: number[][]): number[] {
  const rows = cost.length;
  const columns = rows === 0 ? 0 : cost[0]!.length;
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(columns + 1);
  const owner = new Int32Array(columns + 1);
  const way = new Int32Array(columns + 1);
  for (let row = 1; row <= rows; row++) {
    owner[0] = row;
    let column0 = 0;
    const minimum = new Float64Array(columns + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Uint8Array(columns + 1);
    do {
      used[column0] = 1;
      const row0 = owner[column0]!;
      let delta = Number.POSITIVE_INFINITY;
      let column1 = 0;
      for (let column = 1; column <= columns; column++) {
        if (used[column]) continue;
        const current = cost[row0 - 1]![column - 1]! - u[row0]! - v[column]!;
        if (current < minimum[column]!) {
          minimum[column] = current;
          way[column] = column0;
        }
        if (minimum[column]! < delta) {
          delta = minimum[column]!;
          column1 = column;
        }
      }
      for (let column = 0; column <= columns; column++) {
        if (used[column]) {
          u[owner[column]!]! += delta;
          v[column]! -= delta;
        } else minimum[column]! -= delta;
      }
      column0 = column1;
    } while (owner[column0] !== 0);
    do {
      const column1 = way[column0]!;
      owner[column0] = owner[column1]!;
      column0 = column1;
    } while (column0 !== 0);
  }
  const result = new Array<number>(rows).fill(-1);
  for (let column = 1; column <= columns; column++)
    if (owner[column]! > 0) result[owner[column]! - 1] = column - 1;
  return result;
}

function find(parent: Int32Array, node: number): number {
  let root = node;
  while (parent[root] !== root) root = parent[root]!;
  while (parent[node] !== root) {
    const next = parent[node]!;
    parent[node] = root;
    node = next;
  }
  return root;
}

/** Optimal assignment inside one small component (edge indexes given). */
function assignOptimally(edges: Edges, members: number[], chosen: number[]): void {
  const lefts = [...new Set(members.map((edge) => edges.left[edge]!))].sort((a, b) => a - b);
  const rights = [...new Set(members.map((edge) => edges.right[edge]!))].sort((a, b) => a - b);
  const transpose = lefts.length > rights.length;
  const rowsOf = transpose ? rights : lefts;
  const columnsOf = transpose ? lefts : rights;
  const rowIndex = new Map(rowsOf.map((node, index) => [node, index]));
  const columnIndex = new Map(columnsOf.map((node, index) => [node, index]));
  const cost = rowsOf.map(() => new Array<number>(columnsOf.length).fill(1));
  const edgeAt = rowsOf.map(() => new Array<number>(columnsOf.length).fill(-1));
  for (const edge of members) {
    const row = rowIndex.get(transpose ? edges.right[edge]! : edges.left[edge]!)!;
    const column = columnIndex.get(transpose ? edges.left[edge]! : edges.right[edge]!)!;
    cost[row]![column] = 1 - edges.score[edge]!;
    edgeAt[row]![column] = edge;
  }
  const assignment = hungarian(cost);
  for (let row = 0; row < assignment.length; row++) {
    const column = assignment[row]!;
    const edge = column >= 0 ? edgeAt[row]![column]! : -1;
    if (edge >= 0) chosen.push(edge);
  }
}

function assignGreedily(edges: Edges, members: number[], chosen: number[]): void {
  const sorted = [...members].sort(
    (a, b) =>
      edges.score[b]! - edges.score[a]! ||
      edges.left[a]! - edges.left[b]! ||
      edges.right[a]! - edges.right[b]!,
  );
  const usedLeft = new Set<number>();
  const usedRight = new Set<number>();
  for (const edge of sorted) {
    if (usedLeft.has(edges.left[edge]!) || usedRight.has(edges.right[edge]!)) continue;
    usedLeft.add(edges.left[edge]!);
    usedRight.add(edges.right[edge]!);
    chosen.push(edge);
  }
}

/** Resolves conflicting edges; returns the chosen edge indexes in (left, right) order. */
export function resolveConflicts(edges: Edges, leftCount: number, rightCount: number): number[] {
  const parent = new Int32Array(leftCount + rightCount);
  for (let node = 0; node < parent.length; node++) parent[node] = node;
  const edgeCount = edges.left.length;
  for (let edge = 0; edge < edgeCount; edge++) {
    const a = find(parent, edges.left[edge]!);
    const b = find(parent, leftCount + edges.right[edge]!);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const components = new Map<number, number[]>();
  for (let edge = 0; edge < edgeCount; edge++) {
    const root = find(parent, edges.left[edge]!);
    const members = components.get(root);
    if (members) members.push(edge);
    else components.set(root, [edge]);
  }
  const chosen: number[] = [];
  for (const members of components.values()) {
    if (members.length === 1) {
      chosen.push(members[0]!);
      continue;
    }
    const lefts = new Set(members.map((edge) => edges.left[edge]!)).size;
    const rights = new Set(members.map((edge) => edges.right[edge]!)).size;
    if (lefts <= HUNGARIAN_LIMIT && rights <= HUNGARIAN_LIMIT) assignOptimally(edges, members, chosen);
    else assignGreedily(edges, members, chosen);
  }
  return chosen.sort((a, b) => edges.left[a]! - edges.left[b]! || edges.right[a]! - edges.right[b]!);
}
