import {
  darkModeTextColor,
  pageTitle,
  resolveThemeConfig,
  THEME_DEFAULTS,
  type ThemeConfig,
} from '@counterpart/domain';
import { useEffect, useMemo } from 'react';
import { useSessionStore } from '../session/session-store.ts';
import { useOrganizationProfile } from '../session/user-queries.ts';
import { useUiStore } from '../stores/ui-store.ts';

const DARK_DEFAULT_LOGO = '/images/logo-dark.svg';

/**
 * The current organization's look: cached in theme_config by company id, else resolved from the token's
 * organization attributes, else the defaults (spec §9).
 */
export function useThemeConfig(): ThemeConfig {
  const organizationId = useSessionStore((state) => state.organizationId);
  const organizations = useSessionStore((state) => state.organizations);
  const cached = useUiStore((state) => (organizationId ? state.theme_config[organizationId] : undefined));
  return useMemo(() => {
    if (cached) return cached;
    const fromToken = organizations.find((organization) => organization.id === organizationId);
    return resolveThemeConfig(fromToken?.attributes);
  }, [cached, organizations, organizationId]);
}

/** The wide logo for the current theme: the default logo has a dark-theme variant. */
export function useLogoText(): string {
  const { logo_text } = useThemeConfig();
  const dark = useUiStore((state) => state.theme);
  return dark && logo_text === THEME_DEFAULTS.logoText ? DARK_DEFAULT_LOGO : logo_text;
}

function applyColors(colors: ThemeConfig['colors']): void {
  const style = document.documentElement.style;
  style.setProperty('--color-primary', colors.original);
  style.setProperty('--color-primary-hover', colors.hover);
  style.setProperty('--color-primary-pressed', colors.pressed);
  // Dark mode's links and primary text: the colour lightened until it reads at 4.5:1 (a navy would not).
  style.setProperty('--color-primary-on-dark', darkModeTextColor(colors.original));
}

/**
 * Keeps the document in step with the UI state: the `dark` class on <html>, the organization's colours as CSS
 * variables, the page title; and caches the organization profile's theme once fetched. Mount once.
 */
export function useDocumentTheme(): void {
  const dark = useUiStore((state) => state.theme);
  const rememberThemeConfig = useUiStore((state) => state.rememberThemeConfig);
  const config = useThemeConfig();
  const profile = useOrganizationProfile();

  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);

  useEffect(() => {
    if (profile.data) {
      rememberThemeConfig(profile.data.company_id, resolveThemeConfig(profile.data.attributes));
    }
  }, [profile.data, rememberThemeConfig]);

  useEffect(() => {
    applyColors(config.colors);
    document.title = pageTitle(config.authenticator);
  }, [config]);
}
