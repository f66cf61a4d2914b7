/** Joins the truthy class names with single spaces (falsy parts are conditional classes that are off). */
export function classNames(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
