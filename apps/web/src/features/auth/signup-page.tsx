import { type Signup, signupSchema } from '@counterpart/contracts';
import { type FormEvent, useState } from 'react';
import { formErrorsOf, issueErrorsOf } from '../../shared/lib/field-errors.ts';
import { loginAs } from '../../shared/session/keycloak-session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { signUp } from './auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { PASSWORD_HINT } from './password-rules.ts';

const EMPTY: Signup = { organization_name: '', full_name: '', email: '', password: '' };

/**
 * Sign up (/auth/signup): creates an organization and its first admin, then signs in as them. An
 * e-mail that already has an account gets the same answer (its owner is e-mailed): sign-in is the
 * next step either way, where the existing password works.
 */
export function SignupPage() {
  const [form, setForm] = useState<Signup>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof Signup) => ({
    value: form[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = signupSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issueErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signUp(parsed.data);
      loginAs(parsed.data.email);
    } catch (error) {
      const { fields, form: message } = formErrorsOf(error);
      setErrors(fields);
      setFailure(message);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign up">
      <p>Create an organization for your finance team. You become its first administrator.</p>
      <form onSubmit={submit} noValidate className="space-y-4 pt-2">
        <FormAlert message={failure} />
        <TextField label="Company name" autoComplete="organization" {...field('organization_name')} />
        <TextField label="Full name" autoComplete="name" {...field('full_name')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...field('password')}
        />
        <Button type="submit" loading={busy} className="w-full">
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
