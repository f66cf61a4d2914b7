/** Read-only helpers over fast-xml-parser's output (attributes as `@_name`, text as `#text`). */

export type XmlNode = unknown;

function isRecord(node: XmlNode): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** Follows a path of element names; arrays are entered at their first item. */
export function at(node: XmlNode, ...path: string[]): XmlNode {
  let current: XmlNode = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (!isRecord(current)) return undefined;
    current = current[name];
  }
  return Array.isArray(current) ? current[0] : current;
}

/** All the elements of that name under the node (always an array). */
export function all(node: XmlNode, name: string): XmlNode[] {
  if (!isRecord(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of the element at the path ('' when absent), trimmed. */
export function text(node: XmlNode, ...path: string[]): string {
  const target = path.length > 0 ? at(node, ...path) : node;
  if (typeof target === 'string') return target.trim();
  if (isRecord(target) && typeof target['#text'] === 'string') return target['#text'].trim();
  return '';
}

export function attribute(node: XmlNode, name: string): string {
  return isRecord(node) && typeof node[`@_${name}`] === 'string' ? (node[`@_${name}`] as string).trim() : '';
}

/** Texts of every element of that name under the node. */
export function texts(node: XmlNode, name: string): string[] {
  const values: string[] = [];
  for (const item of all(node, name)) {
    const value = text(item);
    if (value !== '') values.push(value);
  }
  return values;
}
