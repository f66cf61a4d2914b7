import type { PassKind } from '@counterpart/contracts';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, GripVertical, Trash2 } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { IconButton } from '../../../shared/ui/button.tsx';
import { PassFields } from './pass-fields.tsx';
import { KIND_LABELS, moveItem, newPassDraft, type PassDraft, type PassErrors } from './pass-form.ts';

export interface PassListProps {
  drafts: PassDraft[];
  errors: PassErrors[];
  disabled: boolean;
  currency: string;
  /** Keys of the passes whose form is open. */
  open: Set<string>;
  onToggle: (key: string) => void;
  onChange: (drafts: PassDraft[]) => void;
  /** Tells screen readers where a pass went. */
  onAnnounce: (message: string) => void;
}

/** The ordered passes: drag a card's handle (or use Move up / Move down) to reorder; first match wins. */
export function PassList({
  drafts,
  errors,
  disabled,
  currency,
  open,
  onToggle,
  onChange,
  onAnnounce,
}: PassListProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  const move = (from: number, to: number, refocus?: 'up' | 'down') => {
    if (to < 0 || to >= drafts.length || from === to) return;
    const moved = drafts[from];
    onChange(moveItem(drafts, from, to));
    if (!moved) return;
    onAnnounce(`${moved.name || moved.id} moved to position ${to + 1} of ${drafts.length}`);
    // Moving a card moves its DOM node, which drops the focus: put it back on the card's button.
    if (refocus) {
      requestAnimationFrame(() => {
        const card = document.querySelector(`[data-pass-key="${moved.key}"]`);
        const button =
          card?.querySelector<HTMLButtonElement>(`[data-move="${refocus}"]:not(:disabled)`) ??
          card?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
        button?.focus();
      });
    }
  };
  const replace = (index: number, draft: PassDraft) =>
    onChange(drafts.map((entry, at) => (at === index ? draft : entry)));
  const changeKind = (index: number, kind: PassKind) => {
    const current = drafts[index];
    if (!current) return;
    const fresh = newPassDraft(kind, []);
    replace(index, { ...fresh, key: current.key, id: current.id, name: current.name });
  };
  const remove = (index: number) => {
    const removed = drafts[index];
    onChange(drafts.filter((_, at) => at !== index));
    if (removed) onAnnounce(`${removed.name || removed.id} removed`);
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragFrom !== null) move(dragFrom, index);
    setDragFrom(null);
    setDragOver(null);
  };

  return (
    <ol className="space-y-3" aria-label="Passes, in the order they run">
      {drafts.map((draft, index) => {
        const number = index + 1;
        const title = draft.name || draft.id || `Pass ${number}`;
        const isOpen = open.has(draft.key);
        const errorCount = Object.keys(errors[index] ?? {}).length;
        return (
          <li
            key={draft.key}
            data-pass-key={draft.key}
            aria-label={`Pass ${number}: ${title}`}
            onDragOver={(event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              setDragOver(index);
            }}
            onDragLeave={() => setDragOver((current) => (current === index ? null : current))}
            onDrop={(event) => onDrop(event, index)}
            className={classNames(
              'min-w-0 rounded-lg border bg-white dark:bg-zinc-900',
              errorCount > 0
                ? 'border-red-400 dark:border-red-500/60'
                : 'border-zinc-200 dark:border-zinc-800',
              dragOver === index && dragFrom !== index && 'ring-2 ring-[var(--color-primary)]',
              dragFrom === index && 'opacity-60',
            )}
          >
            <div className="flex items-center gap-1 px-2 py-2 sm:gap-2 sm:px-3">
              {!disabled && (
                // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only drag handle; Move up / Move down are the keyboard way
                <span
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', draft.key);
                    setDragFrom(index);
                  }}
                  onDragEnd={() => {
                    setDragFrom(null);
                    setDragOver(null);
                  }}
                  title="Drag to reorder"
                  data-testid={`drag-pass-${number}`}
                  className="hidden cursor-grab rounded p-1 text-zinc-400 hover:text-zinc-600 sm:block dark:hover:text-zinc-200"
                >
                  <GripVertical aria-hidden="true" className="size-4" />
                </span>
              )}
              <button
                type="button"
                aria-expanded={isOpen}
                aria-label={`Pass ${number}: ${title}, ${KIND_LABELS[draft.kind]}${
                  errorCount > 0 ? `, ${errorCount} problem${errorCount === 1 ? '' : 's'}` : ''
                }`}
                onClick={() => onToggle(draft.key)}
                className="flex min-w-0 flex-1 items-center gap-2 rounded px-1 py-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]"
              >
                {isOpen ? (
                  <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
                ) : (
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
                )}
                <span className="w-6 shrink-0 text-sm tabular-nums text-zinc-500 dark:text-zinc-400">
                  {number}.
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                    {title}
                  </span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {KIND_LABELS[draft.kind]}
                    {errorCount > 0 && (
                      <span className="ml-2 font-medium text-red-600 dark:text-red-400">
                        {errorCount === 1 ? '1 problem' : `${errorCount} problems`}
                      </span>
                    )}
                  </span>
                </span>
              </button>
              {!disabled && (
                <div className="flex shrink-0 items-center">
                  <IconButton
                    size="sm"
                    label={`Move ${title} up`}
                    data-move="up"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'up')}
                  >
                    <ArrowUp />
                  </IconButton>
                  <IconButton
                    size="sm"
                    label={`Move ${title} down`}
                    data-move="down"
                    disabled={index === drafts.length - 1}
                    onClick={() => move(index, index + 1, 'down')}
                  >
                    <ArrowDown />
                  </IconButton>
                  <IconButton
                    size="sm"
                    label={`Remove ${title}`}
                    disabled={drafts.length === 1}
                    onClick={() => remove(index)}
                  >
                    <Trash2 />
                  </IconButton>
                </div>
              )}
            </div>
            {isOpen && (
              <div className="border-t border-zinc-200 px-3 py-4 sm:px-5 dark:border-zinc-800">
                <PassFields
                  draft={draft}
                  errors={errors[index] ?? {}}
                  disabled={disabled}
                  number={number}
                  currency={currency}
                  onChange={(next) => replace(index, next)}
                  onKindChange={(kind) => changeKind(index, kind)}
                />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
