/**
 * Error message extraction from a response body (spec §8): from message, error, detail or details, or the
 * exception in the response data. Otherwise each field is listed as "field: first error" under
 * "We caught a few issues:". Fallback: "Sorry, we didn't get a response from the server...".
 */
export const FIELD_ERRORS_HEADING = 'We caught a few issues:';
export const NO_RESPONSE_MESSAGE = "Sorry, we didn't get a response from the server...";

const MESSAGE_KEYS = ['message', 'error', 'detail', 'details', 'exception'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstError(value: unknown): string | null {
  const first = Array.isArray(value) ? value.find((item) => typeof item === 'string' && item.trim()) : value;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
}

function fieldLines(fields: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'details' && isRecord(value)) {
      lines.push(...fieldLines(value));
      continue;
    }
    const error = firstError(value);
    if (error !== null) lines.push(`${field}: ${error}`);
  }
  return lines;
}

/**
 * The message to show for a failed request, given its parsed body (or undefined when there was none).
 * Blank strings are ignored; a body that is not an object (text, HTML, nothing) gets the fallback.
 */
export function extractErrorMessage(data: unknown): string {
  if (!isRecord(data)) return NO_RESPONSE_MESSAGE;
  for (const key of MESSAGE_KEYS) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  const lines = fieldLines(data);
  return lines.length > 0 ? `${FIELD_ERRORS_HEADING}\n${lines.join('\n')}` : NO_RESPONSE_MESSAGE;
}
