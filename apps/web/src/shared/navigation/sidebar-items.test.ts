import { describe, expect, it } from 'vitest';
import { NAV_GROUPS, visibleNavGroups } from './sidebar-items.ts';

function labels(management: string[], recon: string[], productKey = 'counterpart'): string[] {
  return visibleNavGroups(NAV_GROUPS, { management, recon }, productKey).flatMap((group) =>
    group.items.map((item) => item.label),
  );
}

describe('visibleNavGroups', () => {
  it('shows every item to an organization admin, in spec order', () => {
    expect(labels(['organization-admin'], [])).toEqual([
      'Welcome',
      'Dashboard',
      'Reconcile',
      'Workflows',
      'Tables',
      'Documents',
      'Data Extraction',
      'Integrations',
      'My Team',
      'Account Settings',
    ]);
  });

  it('shows only Welcome to a user without roles and drops the empty groups', () => {
    const groups = visibleNavGroups(NAV_GROUPS, { management: [], recon: [] }, 'counterpart');
    expect(groups.map((group) => group.label)).toEqual([null]);
    expect(groups[0]?.items.map((item) => item.label)).toEqual(['Welcome']);
  });

  it('hides items whose route permission is missing', () => {
    expect(labels([], ['reports-read', 'models-read'])).toEqual(['Welcome', 'Dashboard', 'Data Extraction']);
  });

  it('shows Reconcile and Tables with read on workflow, as their routes require', () => {
    expect(labels([], ['workflow-read'])).toEqual(['Welcome', 'Reconcile', 'Workflows', 'Tables']);
  });

  it('accepts a permission from either the management or the recon scope', () => {
    expect(labels(['teams-read'], [])).toEqual(['Welcome', 'My Team']);
    expect(labels([], ['teams-read'])).toEqual(['Welcome', 'My Team']);
  });

  it('checks product resources under the configured product key', () => {
    expect(labels([], ['counterpart_documents-read'])).toEqual(['Welcome', 'Documents']);
    expect(labels([], ['counterpart_documents-read'], 'acme')).toEqual(['Welcome']);
    expect(labels([], ['acme_documents-read'], 'acme')).toEqual(['Welcome', 'Documents']);
  });

  it('points Reconcile at the reconciliation workspace', () => {
    const item = NAV_GROUPS.flatMap((group) => group.items).find(
      (candidate) => candidate.label === 'Reconcile',
    );
    expect(item).toMatchObject({
      key: 'recon-workspace',
      to: '/reconciliation/workspace',
      route: 'recon-workspace',
    });
  });

  it('keys Data Extraction as onboard-file-models on the models route', () => {
    const item = NAV_GROUPS.flatMap((group) => group.items).find(
      (candidate) => candidate.label === 'Data Extraction',
    );
    expect(item).toMatchObject({ key: 'onboard-file-models', to: '/models/models' });
  });
});
