export const PASSWORD_HINT =
  'At least 10 characters, mixing two kinds: lowercase, uppercase, digits or symbols.';
export const PASSWORDS_DIFFER = 'The two passwords differ';

/** The error of the repeated password, if any. */
export function confirmationError(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORDS_DIFFER;
}
