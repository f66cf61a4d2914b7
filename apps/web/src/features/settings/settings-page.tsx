import { AuditLogPanel } from './audit-log-panel.tsx';
import { OrganizationProfileForm } from './organization-profile-form.tsx';
import { OutboxPanel } from './outbox-panel.tsx';
import { ReconSettingsPanel } from './recon-settings-panel.tsx';
import { SubscriptionsPanel } from './subscriptions-panel.tsx';

/** Account Settings (/settings): organization profile and theme, reconciliation, notifications, outbox, audit log. */
export function SettingsPage() {
  return (
    <div className="space-y-6">
      <OrganizationProfileForm />
      <ReconSettingsPanel />
      <SubscriptionsPanel />
      <OutboxPanel />
      <AuditLogPanel />
    </div>
  );
}
