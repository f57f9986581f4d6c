import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['{src,client,ui,build}/**/*.test.{ts,tsx}'] } });
