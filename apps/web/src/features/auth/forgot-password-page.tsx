import { FORGOT_PASSWORD_ANSWER, forgotPasswordSchema } from '@counterpart/contracts';
import { type FormEvent, useState } from 'react';
import { formErrorsOf, issueErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { requestPasswordReset } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';

/** Forgot password (/auth/forgot-password): always the same confirmation, whether or not the account exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(issueErrorsOf(parsed.error.issues).email);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data);
      setSent(true);
    } catch (failed) {
      const { fields, form } = formErrorsOf(failed);
      setError(fields.email);
      setFailure(form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot password">
      {sent ? (
        <FormAlert tone="success" message={FORGOT_PASSWORD_ANSWER} />
      ) : (
        <>
          <p>Enter the e-mail of your account. We send you a single-use link to choose a new password.</p>
          <form onSubmit={submit} noValidate className="space-y-4 pt-2">
            <FormAlert message={failure} />
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={error}
            />
            <Button type="submit" loading={busy} className="w-full">
              Send reset link
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
