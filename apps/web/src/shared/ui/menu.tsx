/**
 * Menu button (WAI-ARIA menu pattern): a trigger with aria-haspopup="menu" opening a `role="menu"` popup.
 *
 * Default trigger — `label` is the accessible name; `triggerContent` is what the button shows
 * (an icon for icon-only triggers, the label text when omitted):
 *
 *   <Menu label="Row actions" triggerContent={<Ellipsis />} items={[
 *     { label: 'Edit', icon: <Pencil />, onSelect: edit },
 *     { type: 'separator' },
 *     { label: 'Delete', tone: 'danger', onSelect: remove },
 *   ]} />
 *
 * Custom trigger — spread the given props (ref included) on a <button>:
 *
 *   <Menu trigger={(props) => <button {...props}>Acme Ltd</button>} items={[
 *     { type: 'label', label: 'Organizations' },
 *     { label: 'Acme Ltd', checked: true, onSelect: () => select('acme') },  // checked → menuitemradio
 *     { label: 'Globex', checked: false, onSelect: () => select('globex') },
 *   ]} />
 *
 * Items: actions (`role="menuitem"`, or `menuitemradio` + aria-checked when `checked` is a boolean),
 * `{ type: 'separator' }`, and `{ type: 'label' }`, which names the group of items that follow it
 * (until the next separator or label). Keyboard: ArrowDown/ArrowUp on the trigger open on the first/last item;
 * in the menu Arrow keys, Home and End move, Enter/Space activate, a letter jumps to the next item starting
 * with it, Escape closes and returns focus to the trigger, Tab closes. A click outside closes.
 */
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { classNames } from '../lib/class-names.ts';
import { MENU_ITEM_SELECTOR, type MenuActionItem, type MenuItem, renderMenuSections } from './menu-items.tsx';

export type { MenuActionItem, MenuItem, MenuLabelItem, MenuSeparatorItem } from './menu-items.tsx';

export interface MenuTriggerProps {
  ref: Ref<HTMLButtonElement>;
  id: string;
  type: 'button';
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

interface MenuCommonProps {
  items: MenuItem[];
  /** Which trigger edge the popup lines up with. */
  align?: 'start' | 'end';
  className?: string;
}

export type MenuProps = MenuCommonProps &
  (
    | { trigger: (props: MenuTriggerProps) => ReactNode; label?: string; triggerContent?: never }
    | { label: string; triggerContent?: ReactNode; trigger?: never; triggerClassName?: string }
  );

type OpenState = false | 'first' | 'last';

function listEnabledItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>(MENU_ITEM_SELECTOR) ?? []);
}

export function Menu(props: MenuProps) {
  const { items, align = 'start', className } = props;
  const [open, setOpen] = useState<OpenState>(false);
  const triggerId = useId();
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const list = listEnabledItems(menuRef.current);
    (open === 'first' ? list[0] : list[list.length - 1])?.focus();
    if (list.length === 0) menuRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: Event) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const closeToTrigger = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const activate = (item: MenuActionItem) => {
    if (item.disabled) return;
    closeToTrigger();
    item.onSelect();
  };

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = listEnabledItems(menuRef.current);
    const current = list.indexOf(document.activeElement as HTMLElement);
    const last = list.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: current < 0 || current === last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    let target = targets[event.key];
    if (target === undefined && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      target = findByFirstLetter(list, current, event.key);
    }
    if (target === undefined) return;
    event.preventDefault();
    list[target]?.focus();
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeToTrigger();
    } else if (event.key === 'Tab') {
      closeToTrigger();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      (event.target as HTMLElement).closest<HTMLElement>(MENU_ITEM_SELECTOR)?.click();
    } else {
      moveFocus(event);
    }
  };

  const triggerProps: MenuTriggerProps = {
    ref: triggerRef,
    id: triggerId,
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': open !== false,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen((current) => (current ? false : 'first')),
    onKeyDown: (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
      }
    },
  };

  return (
    <div ref={wrapperRef} className={classNames('relative inline-flex', className)}>
      {props.trigger ? (
        props.trigger(triggerProps)
      ) : (
        <DefaultTrigger
          label={props.label}
          triggerContent={props.triggerContent}
          triggerClassName={props.triggerClassName}
          triggerProps={triggerProps}
        />
      )}
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-orientation="vertical"
          aria-labelledby={props.trigger && props.label ? undefined : triggerId}
          aria-label={props.trigger ? props.label : undefined}
          tabIndex={-1}
          onKeyDown={handleMenuKeyDown}
          className={classNames(
            'absolute top-full z-50 mt-1 max-h-[min(24rem,70vh)] min-w-48 overflow-y-auto rounded-lg border p-1 shadow-lg',
            'border-zinc-200 bg-white text-zinc-900 focus:outline-none dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {renderMenuSections(items, menuId, activate)}
        </div>
      )}
    </div>
  );
}

function DefaultTrigger({
  label,
  triggerContent,
  triggerClassName,
  triggerProps,
}: {
  label: string;
  triggerContent?: ReactNode;
  triggerClassName?: string;
  triggerProps: MenuTriggerProps;
}) {
  return (
    <button
      {...triggerProps}
      aria-label={triggerContent ? label : undefined}
      title={triggerContent ? label : undefined}
      className={classNames(
        'inline-flex h-9 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-medium text-zinc-700 transition-colors',
        'hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
        'aria-expanded:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-expanded:bg-zinc-800 [&_svg]:size-4',
        triggerClassName,
      )}
    >
      {triggerContent ?? label}
    </button>
  );
}

function findByFirstLetter(list: HTMLElement[], current: number, letter: string): number | undefined {
  const wanted = letter.toLowerCase();
  for (let step = 1; step <= list.length; step++) {
    const index = (current + step) % list.length;
    if (list[index]?.textContent?.trim().toLowerCase().startsWith(wanted)) return index;
  }
  return undefined;
}
