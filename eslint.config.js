import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers and package boundaries (decisions 0028, 0055). Each entry is a `no-restricted-imports` pattern; a file gets the
// patterns of every boundary that applies to it, so the rules below list them per folder.
const PACKAGES = 'shell|mfe-[a-z]+|gateway|contracts|e2e|bench';
const boundary = {
  // A relative path that climbs into a sibling package reads its source instead of its public entry.
  intoOtherPackage: {
    regex: `^(\\.\\./)+(${PACKAGES})/`,
    message: 'Import another package through its name and public entry (@agency/...), never through its folder.',
  },
  // Deep imports past a package's `exports` (e.g. @agency/contracts/src/...).
  pastExports: {
    regex: '^@agency/[a-z-]+/((src|test|dist)(/|$)|(client|build|testing|ui)/)',
    message: 'Import only what a package exports in its package.json.',
  },
  frontendsApart: {
    regex: '^@agency/(shell|mfe-[a-z]+|gateway|e2e|bench)(/|$)',
    message: 'Frontends may import only @agency/contracts and shared libraries: they meet through federation.',
  },
  buildToolingAtBuildTime: {
    regex: '^@agency/contracts/build$',
    message: '@agency/contracts/build is Node build tooling: import it from rspack configs, never from app code.',
  },
  testSupportInTests: {
    regex: '^@agency/contracts/testing$',
    message: '@agency/contracts/testing is test support: import it from tests and test utilities only.',
  },
  gatewayPureContracts: {
    regex: '^@agency/contracts/(client|router|ui|build|testing)$',
    message: 'The gateway uses the pure @agency/contracts only; client, ui and build layers are for the frontends.',
  },
  pureOnlyZod: {
    // Relative imports may not climb out of contracts/src into the client, ui or build layers either.
    regex: '^(?!zod(/|$)|\\.$|\\./|\\.\\./(?!(\\.\\./)*(client|ui|build)(/|$)))',
    message: 'contracts/src is the pure layer: it imports only zod and its own modules (no React, DOM or Node).',
  },
  clientNoBuild: {
    regex: '^(node:|\\.\\./(build|ui)(/|$)|@agency/contracts/(build|ui)$)',
    message:
      'contracts/client runs in browsers: no Node modules, no build tooling, and not the forms layer built on it.',
  },
  // The forms layer sits on the browser runtime: the same browser-only rules, and no test support.
  uiBrowserOnly: {
    regex: '^(node:|\\.\\./(build|testing)(/|$)|@agency/contracts/(build|testing)$)',
    message: 'contracts/ui runs in browsers: no Node modules, no build tooling and no test support.',
  },
  buildNoClient: {
    regex: '^(\\.\\./(client|ui)(/|$)|@agency/contracts/(client|router|ui)$|react(-dom)?(/|$))',
    message: 'contracts/build runs in Node at build time: it never imports the browser runtime.',
  },
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns, paths: [] }] });
const routerThroughFacade = {
  name: 'react-router',
  message:
    'Import routing from @agency/contracts/router: federation shares that facade, not react-router (decision 0011).',
};
// What every frontend file may not import, and the looser set of its tests (they set up memory routers directly).
const frontendPatterns = [
  boundary.frontendsApart,
  boundary.buildToolingAtBuildTime,
  boundary.testSupportInTests,
  boundary.intoOtherPackage,
  boundary.pastExports,
];
const frontendTestPatterns = [boundary.frontendsApart, boundary.intoOtherPackage, boundary.pastExports];
const TESTS = '**/*.test.{ts,tsx}';

// The account remote by feature (decision 0108). A feature's public entry points are the files at its root (its
// panels and pages); its api/, components/ and hooks/ are its own. Features never import each other: the dashboard
// composes them through those entry points. lib/ and components/ are shared by every feature and import none.
const ACCOUNT_FEATURES = [
  'auth',
  'reset-password',
  'dashboard',
  'leads',
  'content',
  'users',
  'clients',
  'privacy',
  'audit',
  'releases',
  'security',
  'reports',
  'google-data',
  'tracking',
];
const accountBoundary = {
  otherFeature: (feature) => ({
    regex: `^(\\.\\./)+(${ACCOUNT_FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
    message:
      'A feature of the account remote never imports another: share the code through lib/ or components/, or let the dashboard compose the two (decision 0108).',
  }),
  intoFeatureInternals: {
    regex: `^(\\.\\./)+(${ACCOUNT_FEATURES.filter((f) => f !== 'dashboard').join('|')})/[^/]+/`,
    message:
      "The dashboard composes features through their entry points, the files at a feature's root, never their api/, components/ or hooks/ (decision 0108).",
  },
  noFeatures: {
    regex: '(^|/)features(/|$)',
    message:
      'lib/ and components/ are shared by every feature of the account remote and import none; a feature reaches another only through the dashboard (decision 0108).',
  },
};
/** The frontends' import rule plus `patterns`, for the files under `dir`: its app files and its tests. */
const frontendRuleWith = (dir, ...patterns) => [
  {
    files: [`${dir}/**`],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...frontendPatterns, ...patterns], paths: [routerThroughFacade] },
      ],
    },
  },
  { files: [[`${dir}/**`, TESTS]], rules: restrict(...frontendTestPatterns, ...patterns) },
];

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
      ...restrict(boundary.intoOtherPackage, boundary.pastExports),
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['contracts/src/**'],
    languageOptions: { globals: {} },
    rules: restrict(boundary.pureOnlyZod, boundary.intoOtherPackage),
  },
  {
    // Tests of the pure layer run under vitest.
    files: ['contracts/src/**/*.test.ts'],
    rules: restrict({
      ...boundary.pureOnlyZod,
      regex: '^(?!zod(/|$)|vitest$|\\.$|\\./|\\.\\./(?!(\\.\\./)*(client|ui|build)(/|$)))',
    }),
  },
  {
    files: ['contracts/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(boundary.clientNoBuild, boundary.intoOtherPackage, boundary.pastExports),
  },
  {
    files: ['contracts/ui/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(boundary.uiBrowserOnly, boundary.intoOtherPackage, boundary.pastExports),
  },
  { files: ['contracts/build/**'], rules: restrict(boundary.buildNoClient, boundary.intoOtherPackage) },
  {
    files: ['gateway/**'],
    rules: restrict(boundary.gatewayPureContracts, boundary.intoOtherPackage, boundary.pastExports),
  },
  {
    // Frontends meet only through federation and contracts: never through each other's source. Routing comes
    // through the shared contracts facade: a direct react-router import would bundle a second router.
    files: ['shell/src/**', 'mfe-*/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: frontendPatterns,
          paths: [routerThroughFacade],
        },
      ],
    },
  },
  {
    // The browser calls the API through the endpoint table (decision 0054): a path typed by hand would not follow a
    // renamed route. The shell's zod-free calls name theirs with `address<typeof entry>()`, which the compiler checks.
    files: ['shell/src/**', 'mfe-*/src/**', 'contracts/client/**'],
    ignores: ['**/*.test.{ts,tsx}', 'mfe-*/src/test-utils.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value=/^\\/api\\//]:not(CallExpression[callee.name='address'] > Literal)",
          message: 'Call the API through its entry: call(endpoints.x, { params, query, body }) (decision 0054).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the API through its entry: call(endpoints.x, { params, query, body }) (decision 0054).',
        },
      ],
    },
  },
  {
    // Tests run in one module graph, where react-router and the facade are the same module; they set up
    // memory routers directly.
    files: ['shell/**/*.test.{ts,tsx}', 'mfe-*/**/*.test.{ts,tsx}', 'mfe-*/src/test-utils.tsx'],
    rules: restrict(...frontendTestPatterns),
  },
  // The account remote's features, lib/ and components/ (decision 0108); after the frontends' blocks, which these extend.
  ...ACCOUNT_FEATURES.flatMap((feature) =>
    frontendRuleWith(
      `mfe-account/src/features/${feature}`,
      accountBoundary.noFeatures,
      ...(feature === 'dashboard' ? [accountBoundary.intoFeatureInternals] : [accountBoundary.otherFeature(feature)]),
    ),
  ),
  ...frontendRuleWith('mfe-account/src/lib', accountBoundary.noFeatures),
  ...frontendRuleWith('mfe-account/src/components', accountBoundary.noFeatures),
  {
    // The single-bundle variant exists to price federation: it imports the remotes' exposed modules directly, as
    // one bundle would. It is never deployed.
    files: ['bench/single-bundle/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
