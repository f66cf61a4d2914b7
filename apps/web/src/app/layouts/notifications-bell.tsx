import { formatBadgeCount } from '@counterpart/domain';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { countUnseen, useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { IconButton } from '../../shared/ui/button.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';

/** The bell (spec §2): badge = processes + notifications, capped at '99+'; opens the notifications panel. */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const badge = useNotificationsStore((state) => formatBadgeCount(countUnseen(state)));
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const buttonId = useId();
  const badgeId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: Event) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={wrapperRef} className="relative">
      <IconButton
        ref={buttonRef}
        id={buttonId}
        label="Notifications"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-describedby={badge ? badgeId : undefined}
        onClick={() => setOpen((current) => !current)}
        className="relative"
      >
        <Bell />
        {badge && (
          <span
            id={badgeId}
            className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-zinc-900"
          >
            {badge}
          </span>
        )}
      </IconButton>
      {open && <NotificationsPanel labelledBy={buttonId} />}
    </div>
  );
}
