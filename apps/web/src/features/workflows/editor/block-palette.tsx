import type { BlockDefinition } from '@counterpart/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { searchBlocks } from './editor-graph.ts';

/** The drag payload of a palette block: its type. */
export const BLOCK_DRAG_TYPE = 'application/x-counterpart-block';

export interface BlockPaletteProps {
  blocks: readonly BlockDefinition[];
  onAdd: (block: BlockDefinition) => void;
}

/** The block catalog, searched: click or Enter adds a block at a free spot; drag drops it on the canvas. */
export function BlockPalette({ blocks, onAdd }: BlockPaletteProps) {
  const [search, setSearch] = useState('');
  const shown = searchBlocks(blocks, search);
  return (
    <nav aria-label="Blocks" className="flex min-h-0 flex-col gap-2">
      <label htmlFor="block-search" className="sr-only">
        Search blocks
      </label>
      <input
        id="block-search"
        type="search"
        placeholder="Search blocks"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className={FIELD_CLASSES}
      />
      <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto lg:max-h-[520px]">
        {shown.map((block) => (
          <li key={block.type}>
            <button
              type="button"
              disabled={!block.available}
              draggable={block.available}
              onDragStart={(event) => {
                event.dataTransfer.setData(BLOCK_DRAG_TYPE, block.type);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => onAdd(block)}
              aria-label={block.available ? `Add ${block.name}` : `${block.name} (unavailable)`}
              aria-describedby={`block-${block.type}-about`}
              className="flex w-full items-start gap-2 rounded-lg border border-zinc-200 px-2.5 py-1.5 text-left text-sm hover:bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-800 dark:hover:bg-zinc-800"
            >
              <Plus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
              <span className="min-w-0">
                <span className="block font-medium text-zinc-900 dark:text-zinc-100">{block.name}</span>
                <span
                  id={`block-${block.type}-about`}
                  className="block text-xs text-zinc-500 dark:text-zinc-400"
                >
                  {block.available ? block.description : (block.unavailable_reason ?? 'Not available')}
                </span>
              </span>
            </button>
          </li>
        ))}
        {shown.length === 0 && <li className="px-1 text-sm text-zinc-500">No block matches.</li>}
      </ul>
    </nav>
  );
}
