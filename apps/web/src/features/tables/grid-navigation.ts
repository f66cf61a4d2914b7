export interface CellPosition {
  row: number;
  col: number;
}

/**
 * Where focus goes in the grid for a navigation key (arrows, Home/End, Ctrl+Home/End), clamped to the
 * grid; null for any other key. Row 0 is the header row.
 */
export function moveCell(
  from: CellPosition,
  key: string,
  rowCount: number,
  colCount: number,
  ctrl = false,
): CellPosition | null {
  const lastRow = Math.max(0, rowCount - 1);
  const lastCol = Math.max(0, colCount - 1);
  const clamp = (row: number, col: number) => ({
    row: Math.min(Math.max(row, 0), lastRow),
    col: Math.min(Math.max(col, 0), lastCol),
  });
  switch (key) {
    case 'ArrowUp':
      return clamp(from.row - 1, from.col);
    case 'ArrowDown':
      return clamp(from.row + 1, from.col);
    case 'ArrowLeft':
      return clamp(from.row, from.col - 1);
    case 'ArrowRight':
      return clamp(from.row, from.col + 1);
    case 'Home':
      return ctrl ? clamp(0, 0) : clamp(from.row, 0);
    case 'End':
      return ctrl ? clamp(lastRow, lastCol) : clamp(from.row, lastCol);
    default:
      return null;
  }
}
