// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { UI_STORE_KEY, useUiStore } from './ui-store.ts';

function persisted(): Record<string, unknown> {
  const raw = localStorage.getItem(UI_STORE_KEY);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : {};
}

describe('ui store', () => {
  beforeEach(() => {
    localStorage.clear();
    useUiStore.setState(useUiStore.getInitialState(), true);
  });

  it('starts light, with the cookie banner pending, the sidebar open and recon stats minimized', () => {
    const state = useUiStore.getState();
    expect(state.theme).toBe(false);
    expect(state.cookie_consent).toBe(true);
    expect(state.mainSidebarOpen).toBe(true);
    expect(state.minimize_recon_stats).toBe(true);
    expect(state.theme_config).toEqual({});
  });

  it('persists the theme flag under counterpart-ui where the pre-paint script reads it', () => {
    useUiStore.getState().toggleTheme();
    expect(persisted().theme).toBe(true);
    useUiStore.getState().toggleTheme();
    expect(persisted().theme).toBe(false);
  });

  it('accepting cookies clears the pending consent flag', () => {
    useUiStore.getState().acceptCookies();
    expect(useUiStore.getState().cookie_consent).toBe(false);
    expect(persisted().cookie_consent).toBe(false);
  });

  it('toggles the main sidebar and keeps the choice', () => {
    useUiStore.getState().toggleMainSidebar();
    expect(persisted().mainSidebarOpen).toBe(false);
  });

  it('keeps theme configs per company id', () => {
    const config = {
      logo_mark: '/m.png',
      logo_text: '/t.svg',
      authenticator: 'Acme',
      colors: { original: '#111111', hover: '#222222', pressed: '#000000' },
    };
    useUiStore.getState().rememberThemeConfig('org-1', config);
    useUiStore.getState().rememberThemeConfig('org-2', { ...config, authenticator: 'Beta' });
    expect(useUiStore.getState().theme_config['org-1']?.authenticator).toBe('Acme');
    expect(useUiStore.getState().theme_config['org-2']?.authenticator).toBe('Beta');
  });

  it('does not persist the actions', () => {
    useUiStore.getState().toggleTheme();
    expect(Object.keys(persisted()).sort()).toEqual(
      ['cookie_consent', 'mainSidebarOpen', 'minimize_recon_stats', 'theme', 'theme_config'].sort(),
    );
  });
});
