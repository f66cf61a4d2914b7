/**
 * Per-company theme (spec §3/§9) from organization attributes, each a list whose first item is used:
 * logo_text_url, logo_mark_url, primary_color (hex), authenticator. Missing or blank → defaults.
 */
import { type ColorShades, colorShades, DEFAULT_PRIMARY_COLOR, isHexColor } from './color-shades.ts';

export const THEME_DEFAULTS = {
  logoText: '/images/logo-light.svg',
  logoMark: '/images/logo-icon.png',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  authenticator: 'Counterpart',
} as const;

export interface ThemeConfig {
  logo_text: string;
  logo_mark: string;
  authenticator: string;
  colors: ColorShades;
}

type ThemeAttributes = Record<string, string[] | undefined> | null | undefined;

function firstValue(attributes: ThemeAttributes, key: string): string | null {
  const values = attributes?.[key];
  const first = Array.isArray(values) ? values[0] : undefined;
  return typeof first === 'string' && first.trim() ? first.trim() : null;
}

export function resolveThemeConfig(attributes: ThemeAttributes): ThemeConfig {
  const color = firstValue(attributes, 'primary_color');
  return {
    logo_text: firstValue(attributes, 'logo_text_url') ?? THEME_DEFAULTS.logoText,
    logo_mark: firstValue(attributes, 'logo_mark_url') ?? THEME_DEFAULTS.logoMark,
    authenticator: firstValue(attributes, 'authenticator') ?? THEME_DEFAULTS.authenticator,
    colors: colorShades(color !== null && isHexColor(color) ? color : THEME_DEFAULTS.primaryColor),
  };
}

/** Document title: `pageTitle('Acme')` → `'Reconciliation | Acme'`. */
export function pageTitle(authenticator: string): string {
  return `Reconciliation | ${authenticator}`;
}
