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
