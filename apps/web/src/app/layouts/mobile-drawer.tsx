import { X } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { trapTab, useDialogFocus } from '../../shared/lib/use-dialog-focus.ts';
import type { NavGroup } from '../../shared/navigation/sidebar-items.ts';
import { useLogoText, useThemeConfig } from '../../shared/theme/organization-theme.ts';
import { IconButton } from '../../shared/ui/button.tsx';
import { ModalLayer } from '../../shared/ui/modal-layer.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  groups: NavGroup[];
  loading: boolean;
}

/** Navigation drawer below lg: a modal dialog that keeps focus inside and gives it back on close. */
export function MobileDrawer({ open, onClose, groups, loading }: MobileDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const { authenticator } = useThemeConfig();
  const logoText = useLogoText();

  useDialogFocus(open, panelRef);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      trapTab(event, event.currentTarget);
    }
  };

  return (
    <ModalLayer onBackdropClick={onClose} className="lg:hidden">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none dark:bg-zinc-900"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-zinc-200 px-4 dark:border-zinc-800">
          <img src={logoText} alt={authenticator} className="h-8 max-w-[170px] object-contain object-left" />
          <IconButton label="Close navigation" onClick={onClose}>
            <X />
          </IconButton>
        </div>
        <SidebarNav groups={groups} loading={loading} />
      </div>
    </ModalLayer>
  );
}
