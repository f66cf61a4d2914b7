export interface FormAlertProps {
  message: string | null;
  tone?: 'error' | 'success';
}

/** A message above a form, announced when it appears. */
export function FormAlert({ message, tone = 'error' }: FormAlertProps) {
  if (!message) return null;
  const colors =
    tone === 'error'
      ? 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300'
      : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg px-3 py-2 text-sm ${colors}`}>
      {message}
    </p>
  );
}
