import type { ThemeConfig } from '@counterpart/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface UiState {
  /** true = dark theme. */
  theme: boolean;
  /** true = the cookie banner is still pending; accepting sets it to false. */
  cookie_consent: boolean;
  mainSidebarOpen: boolean;
  minimize_recon_stats: boolean;
  /** Theme configs keyed by company_id. */
  theme_config: Record<string, ThemeConfig>;
}

export interface UiActions {
  toggleTheme: () => void;
  acceptCookies: () => void;
  toggleMainSidebar: () => void;
  toggleReconStats: () => void;
  rememberThemeConfig: (companyId: string, config: ThemeConfig) => void;
}

/** localStorage key; public/theme-init.js reads `state.theme` from it before the first paint. */
export const UI_STORE_KEY = 'counterpart-ui';

export const UI_DEFAULTS: UiState = {
  theme: false,
  cookie_consent: true,
  mainSidebarOpen: true,
  minimize_recon_stats: true,
  theme_config: {},
};

export const useUiStore = create<UiState & UiActions>()(
  persist(
    (set) => ({
      ...UI_DEFAULTS,
      toggleTheme: () => set((state) => ({ theme: !state.theme })),
      acceptCookies: () => set({ cookie_consent: false }),
      toggleMainSidebar: () => set((state) => ({ mainSidebarOpen: !state.mainSidebarOpen })),
      toggleReconStats: () => set((state) => ({ minimize_recon_stats: !state.minimize_recon_stats })),
      rememberThemeConfig: (companyId, config) =>
        set((state) => ({ theme_config: { ...state.theme_config, [companyId]: config } })),
    }),
    {
      name: UI_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, cookie_consent, mainSidebarOpen, minimize_recon_stats, theme_config }) => ({
        theme,
        cookie_consent,
        mainSidebarOpen,
        minimize_recon_stats,
        theme_config,
      }),
    },
  ),
);
