import { describe, expect, it } from 'vitest';
import { colorShades, isHexColor } from './color-shades.ts';

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
