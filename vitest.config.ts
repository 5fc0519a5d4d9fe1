import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    globals: true,
    pool: 'threads',
    poolOptions: { threads: { maxThreads: 2, minThreads: 1 } },
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 20000,
  },
});
