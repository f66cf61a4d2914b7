import { Building2, ChevronDown, LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { canOpen, NAV_GROUPS } from '../../shared/navigation/sidebar-items.ts';
import { logout } from '../../shared/session/keycloak-session.ts';
import { storeOrganization, useSessionStore } from '../../shared/session/session-store.ts';
import { useCurrentUser } from '../../shared/session/user-queries.ts';
import { Menu, type MenuItem } from '../../shared/ui/menu.tsx';
import { UserAvatar } from './user-avatar.tsx';

const SETTINGS_ITEM = NAV_GROUPS.flatMap((group) => group.items).find(
  (item) => item.route === 'system-settings',
);

/** Switching organization stores the choice and reloads the app at / (spec §2 top bar). */
function switchOrganization(organizationId: string): void {
  storeOrganization(organizationId);
  window.location.assign('/');
}

/** Top-bar user block and its "Account menu": Account Settings, the organization selector, Logout. */
export function AccountMenu() {
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const organizations = useSessionStore((state) => state.organizations);
  const organizationId = useSessionStore((state) => state.organizationId);
  const roles = useSessionStore((state) => state.roles);
  const productKey = useSessionStore((state) => state.productKey);
  const me = useCurrentUser();

  const fullName = me.data?.full_name || user?.fullName || '';
  const email = me.data?.email || user?.email || '';

  const items: MenuItem[] = [];
  if (SETTINGS_ITEM && canOpen(SETTINGS_ITEM, roles, productKey)) {
    items.push({ label: 'Account Settings', icon: <Settings />, onSelect: () => navigate('/settings') });
  }
  if (organizations.length > 0) {
    if (items.length > 0) items.push({ type: 'separator', key: 'organizations-separator' });
    items.push({ type: 'label', key: 'organizations', label: 'Organizations' });
    for (const organization of organizations) {
      items.push({
        key: organization.id,
        label: organization.name,
        icon: <Building2 />,
        checked: organization.id === organizationId,
        onSelect: () => {
          if (organization.id !== organizationId) switchOrganization(organization.id);
        },
      });
    }
  }
  items.push({ type: 'separator', key: 'logout-separator' });
  items.push({ label: 'Logout', icon: <LogOut />, onSelect: logout });

  return (
    <Menu
      align="end"
      label="Account menu"
      items={items}
      trigger={(props) => (
        <button
          {...props}
          aria-label="Account menu"
          className="flex items-center gap-2.5 rounded-lg py-1 pr-1.5 pl-1 text-left transition-colors hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand aria-expanded:bg-zinc-100 dark:hover:bg-zinc-800 dark:aria-expanded:bg-zinc-800"
        >
          <UserAvatar src={me.data?.avatar_url} fullName={fullName} />
          <span className="hidden min-w-0 flex-col md:flex">
            <span className="max-w-[180px] truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
              {fullName || '--'}
            </span>
            <span className="max-w-[180px] truncate text-xs text-zinc-500 dark:text-zinc-400">{email}</span>
          </span>
          <ChevronDown aria-hidden="true" className="hidden size-4 text-zinc-400 md:block" />
        </button>
      )}
    />
  );
}
