import { resetPasswordSchema } from '@counterpart/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formErrorsOf, issueErrorsOf } from '../../shared/lib/field-errors.ts';
import { login } from '../../shared/session/keycloak-session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { resetPassword } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmationError } from './password-rules.ts';

/** Reset password (/auth/reset-password?token=): the new password twice, then Sign in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <FormAlert message="This link is incomplete. Open the link from your e-mail again, or ask for a new one." />
        <Link to="/auth/forgot-password" className="font-medium underline underline-offset-4">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = resetPasswordSchema.safeParse({ token, password });
    const fieldErrors = parsed.success ? {} : issueErrorsOf(parsed.error.issues);
    const mismatch = confirmationError(password, confirmation);
    if (!parsed.success || mismatch) {
      setErrors({ password: fieldErrors.password, confirmation: mismatch });
      if (fieldErrors.token) setFailure(fieldErrors.token);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await resetPassword(parsed.data);
      setDone(true);
    } catch (error) {
      const { fields, form } = formErrorsOf(error);
      setErrors({ password: fields.password });
      setFailure(form);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Password changed">
        <FormAlert tone="success" message="Your password is changed. Sign in with the new one." />
        <Button onClick={() => login()} className="w-full" data-autofocus="">
          Sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password">
      <p>Choose a new password for your account.</p>
      <form onSubmit={submit} noValidate className="space-y-4 pt-2">
        <FormAlert message={failure} />
        <NewPasswordFields
          label="New password"
          repeatLabel="Repeat the new password"
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={errors}
        />
        <Button type="submit" loading={busy} className="w-full">
          Change password
        </Button>
      </form>
      {failure && (
        <Link to="/auth/forgot-password" className="font-medium underline underline-offset-4">
          Ask for a new link
        </Link>
      )}
    </AuthCard>
  );
}
