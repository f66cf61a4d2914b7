import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot password">
      <p>
        Enter the e-mail address of your account and we will send you a single-use link to choose a new
        password.
      </p>
      <p>
        The request form opens here soon. Meanwhile, your organization administrator can reset your access.
      </p>
    </AuthCard>
  );
}
