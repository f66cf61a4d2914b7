import { HttpError } from './http.ts';

export interface FormErrors {
  /** Errors by field name (the API's `details`, e.g. `{ email: 'Invalid email address' }`). */
  fields: Record<string, string>;
  /** The message to show above the form when no field error explains the failure. */
  form: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Splits a failed request into field errors (from `details`; nested paths keep their last segment, so
 * `body.email` → `email`) and one form-level message when no field error was given.
 */
export function formErrorsOf(error: unknown): FormErrors {
  const fields: Record<string, string> = {};
  const data = error instanceof HttpError ? error.data : undefined;
  const details = isRecord(data) ? data.details : undefined;
  if (isRecord(details)) {
    for (const [path, message] of Object.entries(details)) {
      if (typeof message !== 'string' || !message.trim()) continue;
      const field = path.split('.').pop() ?? path;
      fields[field] ??= message.trim();
    }
  }
  if (Object.keys(fields).length > 0) return { fields, form: null };
  return { fields, form: error instanceof Error ? error.message : String(error) };
}

/** The first message per field of a failed schema check (zod issues), keyed by the field's last path part. */
export function issueErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[issue.path.length - 1] ?? 'form');
    fields[field] ??= issue.message;
  }
  return fields;
}
