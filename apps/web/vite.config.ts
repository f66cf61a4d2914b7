import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.COUNTERPART_API ?? 'http://127.0.0.1:8081';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 8080,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/realms': { target: apiTarget, changeOrigin: false },
      '/app-config.json': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
});
