/**
 * Primary colour shades (spec §9): hover 10% lighter, pressed 10% darker.
 * "10%" is read as Sass's lighten()/darken(): 10 percentage points of HSL lightness, clamped to 0–100%,
 * hue and saturation unchanged. Output is lowercase #rrggbb.
 */
export const DEFAULT_PRIMARY_COLOR = '#40ba58';

const SHADE_STEP = 0.1;
const HEX_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface ColorShades {
  original: string;
  hover: string;
  pressed: string;
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** `#rgb` or `#rrggbb`, case-insensitive. */
export function isHexColor(value: string): boolean {
  return HEX_PATTERN.test(value);
}

function expandHex(hex: string): string {
  const digits = hex.slice(1).toLowerCase();
  return digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
}

function hexToHsl(hex: string): Hsl {
  const digits = expandHex(hex);
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l };
  const s = delta / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / delta) % 6;
  else if (max === g) h = (b - r) / delta + 2;
  else h = (r - g) / delta + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

function hslToHex({ h, s, l }: Hsl): string {
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const x = chroma * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - chroma / 2;
  const sector = Math.floor(h / 60) % 6;
  const [r, g, b] = (
    [
      [chroma, x, 0],
      [x, chroma, 0],
      [0, chroma, x],
      [0, x, chroma],
      [x, 0, chroma],
      [chroma, 0, x],
    ] as const
  )[sector] ?? [0, 0, 0];
  return `#${[r, g, b]
    .map((channel) =>
      Math.round((channel + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function shiftLightness(hsl: Hsl, step: number): string {
  return hslToHex({ ...hsl, l: Math.min(1, Math.max(0, hsl.l + step)) });
}

/** Original, hover (+10% lightness) and pressed (−10%) shades; invalid input → shades of #40ba58. */
export function colorShades(hex: string): ColorShades {
  const color = isHexColor(hex.trim()) ? hex.trim() : DEFAULT_PRIMARY_COLOR;
  const hsl = hexToHsl(color);
  return {
    original: `#${expandHex(color)}`,
    hover: shiftLightness(hsl, SHADE_STEP),
    pressed: shiftLightness(hsl, -SHADE_STEP),
  };
}

/**
 * The darkest surface primary-coloured text sits on in dark mode: zinc-800 (#27272a), a hovered row or
 * a selected item over a zinc-900 panel; the panels (#18181b) and the page (#09090b) are darker still.
 */
export const DARK_TEXT_SURFACE = '#27272a';

/** WCAG's minimum contrast for body text (AA). */
export const TEXT_CONTRAST = 4.5;

function relativeLuminance(hex: string): number {
  const digits = expandHex(hex);
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = Number.parseInt(digits.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` / `#rgb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The organization's primary colour as dark mode's link and primary text: itself when it already
 * reads at `minimum` contrast on `surface`, else lighter (HSL lightness raised by 1 point at a time,
 * hue and saturation kept) until it does — a dark navy becomes a light blue of the same hue, never a
 * different colour. Invalid input → the default colour's shade.
 */
export function darkModeTextColor(
  hex: string,
  surface: string = DARK_TEXT_SURFACE,
  minimum: number = TEXT_CONTRAST,
): string {
  const color = `#${expandHex(isHexColor(hex.trim()) ? hex.trim() : DEFAULT_PRIMARY_COLOR)}`;
  if (contrastRatio(color, surface) >= minimum) return color;
  const hsl = hexToHsl(color);
  for (let l = hsl.l; l <= 1; l += 0.01) {
    const candidate = hslToHex({ ...hsl, l: Math.min(1, l) });
    if (contrastRatio(candidate, surface) >= minimum) return candidate;
  }
  return '#ffffff';
}
