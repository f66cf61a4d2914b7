import { type KeyboardEvent, useId, useRef } from 'react';
import { classNames } from '../lib/class-names.ts';

export interface TabItem<Id extends string> {
  id: Id;
  title: string;
}

/**
 * An accessible tab list (WAI-ARIA tabs, automatic activation): arrow keys, Home and End move between
 * tabs; the panel is the caller's, labelled by `tabPanelProps`.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  current,
  onChange,
}: {
  label: string;
  tabs: ReadonlyArray<TabItem<Id>>;
  current: Id;
  onChange: (id: Id) => void;
}) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) onChange(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="flex gap-1 overflow-x-auto border-b border-zinc-200 px-3 dark:border-zinc-800"
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${tab.id}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => move(event, index)}
            className={classNames(
              '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
              selected
                ? 'border-[var(--color-primary)] text-zinc-900 dark:text-zinc-50'
                : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
            )}
          >
            {tab.title}
          </button>
        );
      })}
    </div>
  );
}
