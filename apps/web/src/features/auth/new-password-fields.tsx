import { TextField } from '../../shared/ui/text-field.tsx';
import { PASSWORD_HINT } from './password-rules.ts';

export interface NewPasswordFieldsProps {
  /** "Password" when creating an account, "New password" when replacing one. */
  label: string;
  repeatLabel: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { password?: string | undefined; confirmation?: string | undefined };
}

/** A new password typed twice, with the password rules as the hint and errors under each field. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={props.label}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
        error={props.errors.password}
      />
      <TextField
        label={props.repeatLabel}
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmation(event.target.value)}
        error={props.errors.confirmation}
      />
    </>
  );
}
