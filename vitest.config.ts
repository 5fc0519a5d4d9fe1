import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    globals: true,
    pool: 'threads',
    maxWorkers: 2,
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 20000,
  },
});
