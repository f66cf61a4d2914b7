import { acceptInviteSchema, type InviteDescription } from '@counterpart/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formErrorsOf, issueErrorsOf } from '../../shared/lib/field-errors.ts';
import { getFreshToken, loginAs, logout } from '../../shared/session/keycloak-session.ts';
import { storeOrganization, useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { acceptInvite, describeInvite } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmationError } from './password-rules.ts';

const THIS_PAGE = () => `${window.location.pathname}${window.location.search}`;

/** A signed-in invitee joins with one click, then lands on the organization's dashboard. */
function AcceptAsMember({ token, invite }: { token: string; invite: InviteDescription }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const accepted = await acceptInvite({ token });
      storeOrganization(accepted.organization_id);
      // A new token carries the new organization and its roles.
      await getFreshToken(-1);
      window.location.assign('/dashboard');
    } catch (error) {
      setFailure(formErrorsOf(error).form ?? 'The invitation could not be accepted.');
      setBusy(false);
    }
  };
  return (
    <>
      <FormAlert message={failure} />
      <Button onClick={accept} loading={busy} className="w-full" data-autofocus="">
        Join {invite.organization_name}
      </Button>
    </>
  );
}

/** A new invitee chooses a name and password, then signs in. */
function CreateAccount({ token, invite }: { token: string; invite: InviteDescription }) {
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = acceptInviteSchema.safeParse({ token, full_name: fullName, password });
    const fieldErrors = parsed.success ? {} : issueErrorsOf(parsed.error.issues);
    const mismatch = confirmationError(password, confirmation);
    if (!parsed.success || mismatch || !fullName.trim() || !password) {
      setErrors({
        full_name: fieldErrors.full_name ?? (fullName.trim() ? undefined : 'Enter your full name'),
        password: fieldErrors.password ?? (password ? undefined : 'Enter a password'),
        confirmation: mismatch,
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const accepted = await acceptInvite(parsed.data);
      storeOrganization(accepted.organization_id);
      loginAs(accepted.email);
    } catch (error) {
      const { fields, form } = formErrorsOf(error);
      setErrors(fields);
      setFailure(form);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 pt-2">
      <FormAlert message={failure} />
      <TextField label="E-mail" type="email" value={invite.email} readOnly disabled />
      <TextField
        label="Full name"
        autoComplete="name"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={errors.full_name}
      />
      <NewPasswordFields
        label="Password"
        repeatLabel="Repeat the password"
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        errors={errors}
      />
      <Button type="submit" loading={busy} className="w-full">
        Create account and join
      </Button>
    </form>
  );
}

/** Accept an invitation (/auth/accept-invite?token=): for a signed-in invitee or a new account. */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const authenticated = useSessionStore((state) => state.authenticated);
  const signedInEmail = useSessionStore((state) => state.user?.email ?? '');
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: ({ signal }) => describeInvite(token, signal),
    enabled: token !== '',
    retry: false,
  });

  if (!token || invite.isError) {
    return (
      <AuthCard title="Invitation">
        <FormAlert
          message={
            invite.isError
              ? invite.error.message
              : 'This link is incomplete. Open the link from your e-mail again.'
          }
        />
        <p>Ask an administrator of the organization to send you a new invitation.</p>
      </AuthCard>
    );
  }
  if (invite.isPending) {
    return (
      <AuthCard title="Invitation">
        <Spinner label="Loading the invitation" />
      </AuthCard>
    );
  }

  const data = invite.data;
  const sameUser = authenticated && signedInEmail.toLowerCase() === data.email.toLowerCase();
  return (
    <AuthCard title={`Join ${data.organization_name}`}>
      <p>
        You are invited to <strong className="text-zinc-900 dark:text-white">{data.organization_name}</strong>{' '}
        as <strong className="text-zinc-900 dark:text-white">{data.email}</strong>.
      </p>
      {authenticated && !sameUser ? (
        <>
          <FormAlert
            message={`You are signed in as ${signedInEmail}. Log out, then open the link again to accept as ${data.email}.`}
          />
          <Button variant="secondary" onClick={logout} className="w-full">
            Logout
          </Button>
        </>
      ) : sameUser ? (
        <AcceptAsMember token={token} invite={data} />
      ) : data.account_exists ? (
        <Button onClick={() => loginAs(data.email, THIS_PAGE())} className="w-full">
          Sign in as {data.email} to accept
        </Button>
      ) : (
        <CreateAccount token={token} invite={data} />
      )}
    </AuthCard>
  );
}
