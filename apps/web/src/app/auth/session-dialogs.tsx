import { useState } from 'react';
import { logoutClearingStorage, refreshPermissions } from '../../shared/session/keycloak-session.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';

function noop(): void {}

/** Spec §4 session dialogs: "Your Session Has Expired" and "Your Permissions Have Changed". */
export function SessionDialogs() {
  const dialog = useSessionStore((state) => state.dialog);
  const [busy, setBusy] = useState<'logout' | 'refresh' | null>(null);

  const logOut = () => {
    setBusy('logout');
    logoutClearingStorage();
  };
  const refresh = () => {
    setBusy('refresh');
    void refreshPermissions();
  };

  return (
    <>
      <Modal
        open={dialog === 'session-expired'}
        onClose={noop}
        dismissible={false}
        size="medium"
        title="Your Session Has Expired"
        footer={
          <>
            <Button variant="secondary" onClick={logOut} loading={busy === 'logout'}>
              Logout
            </Button>
            <Button onClick={() => window.location.reload()} disabled={busy !== null} data-autofocus="">
              Reload
            </Button>
          </>
        }
      >
        <p className="text-zinc-600 dark:text-zinc-300">
          Your sign-in has ended or the server could not be reached. Reload to try again, or log out and sign
          in afresh.
        </p>
      </Modal>
      <Modal
        open={dialog === 'permissions-changed'}
        onClose={noop}
        dismissible={false}
        size="medium"
        title="Your Permissions Have Changed"
        footer={
          <Button onClick={refresh} loading={busy === 'refresh'} data-autofocus="">
            Refresh
          </Button>
        }
      >
        <p className="text-zinc-600 dark:text-zinc-300">
          An administrator changed what you can do in this organization. Refresh to continue with your new
          permissions.
        </p>
      </Modal>
    </>
  );
}
