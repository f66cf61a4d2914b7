import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * Uploaded SVG logos are rebuilt from an allowlist, never passed through: the file is parsed as
 * XML (saxes: no DTD processing, so no external or expanding entities), and only known drawing
 * elements and attributes of the SVG namespace are written back out. Everything else — script,
 * foreignObject, animation, links, event handlers, external references (href, url(…), @import),
 * comments, processing instructions, other namespaces — is dropped.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// biome-ignore format: one list, read by eye
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'switch', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'image',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feDropShadow', 'feFlood',
  'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode',
  'feMorphology', 'feOffset',
]);

/** Dropped but their content kept: a link's drawing is still the logo. */
const UNWRAPPED = new Set(['a']);

// biome-ignore format: one list, read by eye
const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'lang', 'role', 'aria-label', 'aria-hidden', 'focusable', 'version',
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'dx', 'dy',
  'width', 'height', 'd', 'points', 'pathLength', 'transform', 'viewBox', 'preserveAspectRatio',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color',
  'display', 'visibility', 'overflow', 'clip-path', 'clip-rule', 'clipPathUnits', 'mask', 'maskUnits',
  'maskContentUnits', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'stop-color',
  'stop-opacity', 'patternUnits', 'patternContentUnits', 'patternTransform', 'font-family', 'font-size',
  'font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'text-decoration',
  'writing-mode', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing',
  'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'markerUnits', 'marker-start', 'marker-mid',
  'marker-end', 'filter', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode',
  'operator', 'k1', 'k2', 'k3', 'k4', 'values', 'type', 'tableValues', 'slope', 'intercept', 'amplitude',
  'exponent', 'flood-color', 'flood-opacity', 'radius', 'shape-rendering', 'text-rendering',
  'image-rendering', 'color-interpolation', 'color-interpolation-filters', 'vector-effect', 'paint-order',
  'mix-blend-mode', 'isolation', 'href',
]);

/** Internal references (`#id`) and embedded raster images are the only links a logo keeps. */
const SAFE_HREF = /^(?:#[A-Za-z_][\w.:-]*|data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=\s]*)$/;
const URL_CALL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;
const SAFE_URL_TARGET = /^#[A-Za-z_][\w.:-]*$/;
/** CSS that could load, run or disguise something: escapes, old script hooks, imports. */
const UNSAFE_CSS =
  /\\|@import|expression\s*\(|-moz-binding|behavior\s*:|javascript:|image-set\s*\(|src\s*\(/i;
const MAX_DEPTH = 64;

/** Why an upload that claims to be SVG is not accepted. */
export class SvgRejected extends Error {}

/**
 * True when `text` looks like an SVG document to sniff (an XML declaration, comment or doctype
 * may come first); the real check is `sanitizeSvg` parsing it.
 */
export function looksLikeSvg(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)*<svg[\s>/]/i.test(
    text,
  );
}

/**
 * The safe rebuild of an SVG document, or SvgRejected when it is not well-formed XML with an
 * `<svg>` root. Deterministic: the same input gives the same bytes.
 */
export function sanitizeSvg(source: string): string {
  const parser = new SaxesParser({ xmlns: true });
  const out: string[] = [];
  /** For each open element: whether it is written (so closed) or dropped with its content; a style's text. */
  const stack: { written: boolean; dropped: boolean; name: string; css?: string[] }[] = [];
  let rootSeen = false;
  let usesXlink = false;
  let failure: Error | null = null;

  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const parent = stack[stack.length - 1];
    if (!rootSeen) {
      rootSeen = true;
      if (tag.local !== 'svg' || (tag.uri !== SVG_NS && tag.uri !== '')) {
        failure ??= new SvgRejected('The root element is not <svg>');
      }
    }
    // A style holds text only: any element in it goes, content and all, and its text is read whole.
    const inDropped = parent?.dropped === true || parent?.name === 'style';
    const known = (tag.uri === SVG_NS || tag.uri === '') && ELEMENTS.has(tag.local);
    const unwrapped = (tag.uri === SVG_NS || tag.uri === '') && UNWRAPPED.has(tag.local);
    if (stack.length >= MAX_DEPTH) failure ??= new SvgRejected('The SVG is nested too deeply');
    if (inDropped || !known) {
      stack.push({ written: false, dropped: inDropped || !unwrapped, name: tag.local });
      return;
    }
    const attributes = keptAttributes(tag);
    if (attributes.some(([name]) => name === 'xlink:href')) usesXlink = true;
    out.push(`<${tag.local}`);
    if (stack.length === 0) out.push(` xmlns="${SVG_NS}"`, '\u0000XLINK\u0000');
    for (const [name, value] of attributes) out.push(` ${name}="${escapeXml(value)}"`);
    out.push('>');
    stack.push({
      written: true,
      dropped: false,
      name: tag.local,
      ...(tag.local === 'style' ? { css: [] } : {}),
    });
  });
  parser.on('closetag', () => {
    const element = stack.pop();
    if (!element?.written) return;
    // Sanitised once whole: comments or CDATA could otherwise split `@import` into harmless pieces.
    if (element.css) out.push(escapeXml(sanitizeCss(element.css.join(''))));
    out.push(`</${element.name}>`);
  });
  const onText = (text: string) => {
    const element = stack[stack.length - 1];
    if (!element || element.dropped) return;
    // An unwrapped link's text stays (never in a style: elements there are dropped whole).
    if (element.css) element.css.push(text);
    else out.push(escapeXml(text));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  try {
    parser.write(source).close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) {
    throw failure instanceof SvgRejected
      ? failure
      : new SvgRejected(`Not well-formed XML: ${firstLine(failure)}`);
  }
  if (!rootSeen) throw new SvgRejected('The file has no <svg> element');
  return out
    .join('')
    .replace('\u0000XLINK\u0000', usesXlink ? ` xmlns:xlink="${XLINK_NS}"` : '')
    .replace(/<(\w+)([^<>]*)><\/\1>/g, '<$1$2/>');
}

/** The attributes of an allowed element worth keeping, in document order, as [qualified name, value]. */
function keptAttributes(tag: SaxesTagNS): [string, string][] {
  const kept: [string, string][] = [];
  for (const attribute of Object.values(tag.attributes) as SaxesAttributeNS[]) {
    const name = keptName(attribute);
    if (name === null) continue;
    const value = name === 'style' ? sanitizeCss(attribute.value) : attribute.value;
    if (!isSafeValue(name, value)) continue;
    kept.push([name, value]);
  }
  return kept;
}

function keptName(attribute: SaxesAttributeNS): string | null {
  if (attribute.uri === XLINK_NS) return attribute.local === 'href' ? 'xlink:href' : null;
  if (attribute.uri === XML_NS)
    return attribute.local === 'space' || attribute.local === 'lang' ? `xml:${attribute.local}` : null;
  if (attribute.uri !== '' || attribute.prefix !== '') return null;
  const name = attribute.local;
  if (/^on/i.test(name)) return null;
  return ATTRIBUTES.has(name) ? name : null;
}

function isSafeValue(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return SAFE_HREF.test(value);
  // Control characters and whitespace can hide a scheme from a naive check: look without them.
  const compact = value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
  if (compact.includes('javascript:') || compact.includes('vbscript:')) return false;
  if (name === 'style') return true; // already cleaned by sanitizeCss
  return !hasExternalUrl(value) && !value.includes('\\');
}

function hasExternalUrl(value: string): boolean {
  if (!/url\s*\(/i.test(value)) return false;
  for (const match of value.matchAll(URL_CALL)) {
    if (!SAFE_URL_TARGET.test((match[2] ?? '').trim())) return true;
  }
  // A url( the pattern could not read (unbalanced, nested quotes): not worth the risk.
  return (value.match(/url\s*\(/gi)?.length ?? 0) !== [...value.matchAll(URL_CALL)].length;
}

/**
 * CSS of a style attribute or a <style> element: comments removed, then each declaration (or
 * rule) that could reach outside the file or run something is dropped; `url(#id)` stays.
 */
export function sanitizeCss(css: string): string {
  const withoutComments = css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '').replace(/<!--|-->/g, '');
  // At-rules that load things: dropped whole (through the end of their statement or block);
  // one the patterns cannot delimit makes the whole style go.
  const withoutLoaders = withoutComments
    .replace(/@(?:import|namespace)[^;{}]*;?/gi, '')
    .replace(/@font-face\s*\{[^}]*\}/gi, '');
  if (/@(?:import|font-face|namespace)/i.test(withoutLoaders)) return '';
  return withoutLoaders.replace(/[^;{}]+/g, (declaration) =>
    UNSAFE_CSS.test(declaration) || hasExternalUrl(declaration) ? '' : declaration,
  );
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}

function firstLine(error: Error): string {
  return (error.message.split('\n')[0] ?? '').slice(0, 200);
}
