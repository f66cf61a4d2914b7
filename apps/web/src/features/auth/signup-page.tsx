import { AuthCard } from './auth-card.tsx';

export function SignupPage() {
  return (
    <AuthCard title="Sign up">
      <p>
        Signing up creates an organization for your finance team and makes you its first administrator. You
        can then invite colleagues, set up groups and connect your bank, M-Pesa and ERP data.
      </p>
      <p>
        Self-service sign-up opens here soon. Until then, ask your Counterpart administrator for an
        invitation.
      </p>
    </AuthCard>
  );
}
