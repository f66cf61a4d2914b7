import { AuthCard } from './auth-card.tsx';

export function ResetPasswordPage() {
  return (
    <AuthCard title="Reset password">
      <p>
        Open the link from your password-reset e-mail to choose a new password. Each link works once and
        expires.
      </p>
      <p>
        The new-password form opens here soon. Meanwhile, your organization administrator can reset your
        access.
      </p>
    </AuthCard>
  );
}
