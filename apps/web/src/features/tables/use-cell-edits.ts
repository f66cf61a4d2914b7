import type { CellValue, TableColumn, TableItem } from '@counterpart/contracts';
import { useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { inputValueOf, restoreValueOf } from './cell-value.ts';
import { useUpdateItem } from './tables-api.ts';

interface LastEdit {
  itemId: string;
  column: TableColumn;
  previous: CellValue | undefined;
}

/** Saves the grid's cell edits and undoes the last one saved (its previous value written back). */
export function useCellEdits(tableId: string) {
  const update = useUpdateItem(tableId);
  const [lastEdit, setLastEdit] = useState<LastEdit | null>(null);
  const [undoing, setUndoing] = useState(false);

  /** Resolves to the field's error message, or undefined once saved. */
  const saveCell = async (item: TableItem, column: TableColumn, text: string) => {
    try {
      await update.mutateAsync({ itemId: item.id, values: { [column.id]: inputValueOf(column, text) } });
      setLastEdit({ itemId: item.id, column, previous: item.values[column.id] });
      return undefined;
    } catch (error) {
      const problems = formErrorsOf(error);
      return (
        problems.fields[column.name] ?? problems.form ?? Object.values(problems.fields)[0] ?? 'Not saved'
      );
    }
  };

  const undo = async () => {
    if (!lastEdit) return;
    setUndoing(true);
    try {
      await update.mutateAsync({
        itemId: lastEdit.itemId,
        values: { [lastEdit.column.id]: restoreValueOf(lastEdit.previous) },
      });
      toast.success(`Edit of ${lastEdit.column.name} undone`);
      setLastEdit(null);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    } finally {
      setUndoing(false);
    }
  };

  return { saveCell, canUndo: lastEdit !== null, undo, undoing };
}
