/**
 * The column ids in their new order after moving one column past its visible neighbour (hidden columns
 * keep their place relative to the others); null when it is already at that edge.
 */
export function movedColumnIds(
  orderedIds: string[],
  visibleIds: string[],
  columnId: string,
  direction: 'left' | 'right',
): string[] | null {
  const at = visibleIds.indexOf(columnId);
  const neighbour = visibleIds[direction === 'left' ? at - 1 : at + 1];
  if (at < 0 || neighbour === undefined) return null;
  const rest = orderedIds.filter((id) => id !== columnId);
  const target = rest.indexOf(neighbour);
  rest.splice(direction === 'left' ? target : target + 1, 0, columnId);
  return rest;
}
