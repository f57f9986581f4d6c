import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'turso',
  schema: './src/platform/db/schema/index.ts',
  out: './drizzle',
});
