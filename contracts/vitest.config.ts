import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['{src,client,build}/**/*.test.{ts,tsx}'] } });
