import type { ReactNode } from 'react';
import { classNames } from '../lib/class-names.ts';

export interface ErrorAlertProps {
  /** The message: a failed query's or action's `error.message`, or a form's error text. */
  children: ReactNode;
  /** Where it sits (`p-5` inside a panel, `mr-auto` in a footer...). */
  className?: string;
  id?: string;
}

/** The red line that says what went wrong (a query, an action, a form), announced as an alert. */
export function ErrorAlert({ children, className, id }: ErrorAlertProps) {
  return (
    <p id={id} role="alert" className={classNames(className, 'text-sm text-red-600 dark:text-red-400')}>
      {children}
    </p>
  );
}
