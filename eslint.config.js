import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const frontendBoundary = {
  group: ['**/shell/**', '**/mfe-*/**', '@agency/shell', '@agency/mfe-*', '@agency/gateway'],
  message: 'Frontends may import only @agency/contracts and shared libraries.',
};
const routerThroughFacade = {
  name: 'react-router',
  message:
    'Import routing from @agency/contracts/router: federation shares that facade, not react-router (decision 0011).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'gateway/drizzle/**',
      'gateway/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Frontends meet only through federation and contracts: never through each other's source. Routing comes
    // through the shared contracts facade: a direct react-router import would bundle a second router.
    files: ['shell/**', 'mfe-*/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [frontendBoundary], paths: [routerThroughFacade] }] },
  },
  {
    // Tests run in one module graph, where react-router and the facade are the same module; they set up
    // memory routers directly.
    files: ['shell/**/*.test.{ts,tsx}', 'mfe-*/**/*.test.{ts,tsx}', 'mfe-*/src/test-utils.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [frontendBoundary] }] },
  },
);
