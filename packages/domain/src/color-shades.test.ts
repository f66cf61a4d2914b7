import { describe, expect, it } from 'vitest';
import {
  colorShades,
  contrastRatio,
  DARK_TEXT_SURFACE,
  darkModeTextColor,
  isHexColor,
} from './color-shades.ts';

describe('isHexColor', () => {
  it('accepts #rgb and #rrggbb in any case', () => {
    expect(isHexColor('#40ba58')).toBe(true);
    expect(isHexColor('#FFF')).toBe(true);
  });

  it.each(['40ba58', '#40ba5', '#40ba588', '#ggg', 'red', ''])('rejects %j', (value) => {
    expect(isHexColor(value)).toBe(false);
  });
});

describe('colorShades', () => {
  // Expected values computed independently with Python's colorsys (HLS lightness ± 0.1).
  it('lightens and darkens the default primary by 10% HSL lightness', () => {
    expect(colorShades('#40ba58')).toEqual({ original: '#40ba58', hover: '#64c978', pressed: '#339446' });
  });

  it.each([
    ['#FF0000', '#ff0000', '#ff3333', '#cc0000'],
    ['#E91E63', '#e91e63', '#ee4c83', '#c1134e'],
    ['#0a7cff', '#0a7cff', '#3d97ff', '#0064d6'],
    // Channels landing exactly on .5 round half up, as Sass's lighten()/darken() do.
    ['#336699', '#336699', '#4080bf', '#264d73'],
  ])('shades %s', (input, original, hover, pressed) => {
    expect(colorShades(input)).toEqual({ original, hover, pressed });
  });

  it('expands short hex and clamps at white and black', () => {
    expect(colorShades('#FFF')).toEqual({ original: '#ffffff', hover: '#ffffff', pressed: '#e6e6e6' });
    expect(colorShades('#000')).toEqual({ original: '#000000', hover: '#1a1a1a', pressed: '#000000' });
  });

  it('uses the default primary for invalid input', () => {
    expect(colorShades('not-a-colour')).toEqual(colorShades('#40ba58'));
  });
});

describe('darkModeTextColor', () => {
  const surfaces = [DARK_TEXT_SURFACE, '#18181b', '#09090b'];

  it.each([
    ['dark navy', '#1e3a8a'],
    ['pure blue', '#0000ff'],
    ['near black', '#111111'],
    ['deep red', '#7f1d1d'],
    ['the default green', '#40ba58'],
    ['pale yellow', '#fef08a'],
  ])('%s (%s) reads at 4.5:1 on every dark surface', (_name, color) => {
    const text = darkModeTextColor(color);
    expect(text).toMatch(/^#[0-9a-f]{6}$/);
    for (const surface of surfaces) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads, and lightens the others in their own hue', () => {
    expect(darkModeTextColor('#40ba58')).toBe('#40ba58');
    expect(darkModeTextColor('#FEF08A')).toBe('#fef08a');
    const navy = darkModeTextColor('#1e3a8a');
    expect(navy).not.toBe('#1e3a8a');
    // Still a blue: blue the strongest channel, red the weakest.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(navy.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
    expect(darkModeTextColor('#0000ff')).not.toBe('#0000ff');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0000ff', '#27272a')).toBeLessThan(2);
  });
});
