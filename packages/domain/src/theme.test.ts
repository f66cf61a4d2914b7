import { describe, expect, it } from 'vitest';
import { colorShades } from './color-shades.ts';
import { pageTitle, resolveThemeConfig, THEME_DEFAULTS } from './theme.ts';

const defaults = {
  logo_text: '/images/logo-light.svg',
  logo_mark: '/images/logo-icon.png',
  authenticator: 'Counterpart',
  colors: { original: '#40ba58', hover: '#64c978', pressed: '#339446' },
};

describe('resolveThemeConfig', () => {
  it('keeps the spec defaults', () => {
    expect(THEME_DEFAULTS).toEqual({
      logoText: '/images/logo-light.svg',
      logoMark: '/images/logo-icon.png',
      primaryColor: '#40ba58',
      authenticator: 'Counterpart',
    });
  });

  it('uses the defaults without attributes', () => {
    expect(resolveThemeConfig(null)).toEqual(defaults);
    expect(resolveThemeConfig(undefined)).toEqual(defaults);
    expect(resolveThemeConfig({})).toEqual(defaults);
  });

  it('takes the first item of each attribute list', () => {
    expect(
      resolveThemeConfig({
        logo_text_url: ['https://cdn/acme-text.svg', 'ignored'],
        logo_mark_url: ['https://cdn/acme-mark.png'],
        primary_color: ['#336699'],
        authenticator: ['Acme'],
      }),
    ).toEqual({
      logo_text: 'https://cdn/acme-text.svg',
      logo_mark: 'https://cdn/acme-mark.png',
      authenticator: 'Acme',
      colors: colorShades('#336699'),
    });
  });

  it('falls back on blank values, empty lists and invalid colours', () => {
    expect(
      resolveThemeConfig({
        logo_text_url: ['  '],
        logo_mark_url: [],
        primary_color: ['blue'],
        authenticator: [''],
      }),
    ).toEqual(defaults);
  });
});

describe('pageTitle', () => {
  it('prefixes the authenticator with Reconciliation', () => {
    expect(pageTitle('Acme')).toBe('Reconciliation | Acme');
  });
});
