import { Check } from 'lucide-react';
import type { PointerEvent, ReactNode } from 'react';
import { classNames } from '../lib/class-names.ts';

export interface MenuActionItem {
  type?: 'item';
  key?: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  /** A boolean makes the item a `menuitemradio` (e.g. the organization selector). */
  checked?: boolean;
}

export interface MenuSeparatorItem {
  type: 'separator';
  key?: string;
}

export interface MenuLabelItem {
  type: 'label';
  key?: string;
  label: string;
}

export type MenuItem = MenuActionItem | MenuSeparatorItem | MenuLabelItem;

/** The items keyboard navigation visits (disabled ones are skipped). */
export const MENU_ITEM_SELECTOR =
  '[role="menuitem"]:not([aria-disabled="true"]),[role="menuitemradio"]:not([aria-disabled="true"])';

interface Section {
  key: string;
  label?: { id: string; text: string };
  items: Array<{ key: string; item: MenuActionItem }>;
}

/** Splits the flat item list into groups at separators and labels; a label names its group. */
export function renderMenuSections(
  items: MenuItem[],
  menuId: string,
  activate: (item: MenuActionItem) => void,
) {
  const output: ReactNode[] = [];
  let section: Section = { key: 'start', items: [] };
  const flush = () => {
    if (section.items.length > 0 || section.label)
      output.push(<MenuSection key={section.key} section={section} onActivate={activate} />);
  };
  items.forEach((item, index) => {
    const key = item.key ?? String(index);
    if (item.type === 'separator') {
      flush();
      output.push(<hr key={key} className="-mx-1 my-1 h-px border-0 bg-zinc-200 dark:bg-zinc-800" />);
      section = { key: `after-${key}`, items: [] };
    } else if (item.type === 'label') {
      flush();
      section = { key, label: { id: `${menuId}-label-${index}`, text: item.label }, items: [] };
    } else {
      section.items.push({ key, item });
    }
  });
  flush();
  return output;
}

function MenuSection({
  section,
  onActivate,
}: {
  section: Section;
  onActivate: (item: MenuActionItem) => void;
}) {
  const rows = section.items.map(({ key, item }) => (
    <MenuRow key={key} item={item} onActivate={onActivate} />
  ));
  if (!section.label) return <>{rows}</>;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is not an allowed child of role="menu".
    <div role="group" aria-labelledby={section.label.id}>
      <div
        id={section.label.id}
        className="px-2 pt-1.5 pb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
      >
        {section.label.text}
      </div>
      {rows}
    </div>
  );
}

function MenuRow({ item, onActivate }: { item: MenuActionItem; onActivate: (item: MenuActionItem) => void }) {
  const radio = item.checked !== undefined;
  const focusOnHover = (event: PointerEvent<HTMLDivElement>) => {
    if (!item.disabled && document.activeElement !== event.currentTarget) event.currentTarget.focus();
  };
  const className = classNames(
    'flex w-full cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none [&_svg]:size-4 [&_svg]:shrink-0',
    'focus:bg-zinc-100 dark:focus:bg-zinc-800',
    item.disabled && 'opacity-50',
    item.tone === 'danger'
      ? 'text-red-600 focus:text-red-700 dark:text-red-400 dark:focus:text-red-300'
      : 'text-zinc-700 focus:text-zinc-900 dark:text-zinc-200 dark:focus:text-zinc-50',
  );
  const content = (
    <>
      {item.icon && <span aria-hidden="true">{item.icon}</span>}
      <span className="flex-1 truncate">{item.label}</span>
      {radio && (
        <Check
          aria-hidden="true"
          className={classNames('text-[var(--color-primary-text)]', !item.checked && 'invisible')}
        />
      )}
    </>
  );
  // Enter and Space are handled once, by the menu container, for whichever item has focus.
  return radio ? (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the menu container handles the keyboard.
    <div
      role="menuitemradio"
      aria-checked={item.checked}
      aria-disabled={item.disabled || undefined}
      tabIndex={-1}
      onClick={() => onActivate(item)}
      onPointerMove={focusOnHover}
      className={className}
    >
      {content}
    </div>
  ) : (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the menu container handles the keyboard.
    <div
      role="menuitem"
      aria-disabled={item.disabled || undefined}
      tabIndex={-1}
      onClick={() => onActivate(item)}
      onPointerMove={focusOnHover}
      className={className}
    >
      {content}
    </div>
  );
}
