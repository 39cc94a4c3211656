import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'platform',
          include: ['platform/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Some tests spawn real platform processes (node + tsx + PGlite start-up): seconds each on 2 cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
