import os from 'node:os';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    // One file per core, not vitest's cores − 1: most platform files wait on child processes and
    // sockets rather than compute, and on two cores one worker left the run twice as long.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
          // Whole pages driven by user-event take seconds on two busy cores; vitest's 5 s cut them off.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'platform',
          include: ['platform/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['platform/testing/vitest-global-setup.ts'],
          // Some tests spawn real platform processes (node + tsx + PGlite start-up): seconds each on 2 cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
