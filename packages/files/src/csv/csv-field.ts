/** Text as one CSV field per RFC 4180: quoted when it holds a comma, a quote or a line break. */
export function quoteCsvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
