// One lint config for the whole repository (flat config).
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');

// ---- import boundaries (core no-restricted-imports: no plugin needed for specifier rules) ----
// web/src: anything outside the importing file's folder goes through an alias (@/ is web/src,
// @shared/ is shared/), so an import says where it comes from and the rules below can read it.
const WEB_RELATIVE_PARENT = {
  group: ['../*'],
  message: 'Import from another folder with @/ (web/src) or @shared/ (shared/) instead of ../ (web/tsconfig.json paths).',
};
// Shared web code (components, lib, config) must not depend on a feature.
const NO_FEATURES = {
  group: ['@/features/*'],
  message: 'Shared web code (components, lib, config) must not import a feature; move the shared part out of the feature.',
};
// A feature may use shared code and its own files, never another feature (bulletproof-react's
// rule): shared UI such as the charts lives in web/src/components.
const featureDirs = fs
  .readdirSync(path.join(__dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = featureDirs.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          WEB_RELATIVE_PARENT,
          {
            group: ['@/features/*', `!@/features/${feature}`],
            message: `Features do not import other features: "${feature}" may import shared code (@/components, @/lib, @/config, @shared) and its own files only.`,
          },
        ],
      },
    ],
  },
}));

// shared/ is pure domain code used by the Lambdas, the scripts and the browser: nothing from the
// other layers, no AWS, no Node built-ins.
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));
const SHARED_PURITY = {
  paths: NODE_BUILTINS.map((name) => ({ name, message: 'shared/ runs in the browser too: no Node built-ins.' })),
  patterns: [
    { group: ['node:*'], message: 'shared/ runs in the browser too: no Node built-ins.' },
    {
      group: ['@aws-sdk/*', '@middy/*', '@smithy/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'aws-lambda', 'constructs', 'cdk-nag'],
      message: 'shared/ is pure domain code: no AWS or Lambda dependencies (they belong in lambdas/ or infra/).',
    },
    {
      regex: '^(\\.\\./)+(lambdas|web|infra|scripts|test)(/|$)|^@/|^#lambdas/',
      message: 'shared/ imports nothing from lambdas/, web/, infra/, scripts/ or test/: the dependency goes the other way.',
    },
  ],
};

// ---- domain modules: lambdas/<domain> and shared/<domain>, each importing only the ones below it ----
// (docs/decisions/0002-domain-modules.md says what each holds). A domain reaches another through
// #lambdas/<domain>/<file> or #shared/<domain>/<file> (package.json "imports"), never ../../.
const LAMBDA_DOMAINS = [
  'platform',
  'identity',
  'notifications',
  'catalog',
  'cards',
  'money',
  'payments',
  'orders',
  'sales',
  'community',
  'onboarding',
  'operator',
];
const SHARED_DOMAINS = ['platform', 'notifications', 'catalog', 'cards', 'money', 'payments', 'orders', 'sales', 'community', 'onboarding', 'operator'];
const above = (list, domain) => list.slice(list.indexOf(domain) + 1);
const lambdaDomains = LAMBDA_DOMAINS.map((domain) => {
  const higher = above(LAMBDA_DOMAINS, domain);
  return {
    files: [`lambdas/${domain}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*'], message: 'Import another domain as #lambdas/<domain>/<file> and shared code as #shared/<domain>/<file>, not through ../.' },
            ...(higher.length
              ? // A regex: in the gitignore syntax of `group`, a leading # starts a comment.
                [{ regex: `^#lambdas/(${higher.join('|')})/`, message: `lambdas/${domain} sits below ${higher.join(', ')}: it may not import them.` }]
              : []),
          ],
        },
      ],
    },
  };
});
const sharedDomains = SHARED_DOMAINS.map((domain) => {
  const higher = above(SHARED_DOMAINS, domain);
  return {
    files: [`shared/${domain}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: SHARED_PURITY.paths,
          patterns: [
            ...SHARED_PURITY.patterns,
            ...(higher.length
              ? [{ group: higher.map((d) => `../${d}/*`), message: `shared/${domain} sits below ${higher.join(', ')}: it may not import them.` }]
              : []),
          ],
        },
      ],
    },
  };
});
// Nothing lives at the top of shared/: every file belongs to a domain.
const sharedIsPure = { files: ['shared/*.ts'], rules: { 'no-restricted-imports': ['error', SHARED_PURITY] } };

// ---- keys.ts owns every key string ----
// A table key (a PK, SK or GSI1 value, a sort key prefix) is built and read back by
// lambdas/platform/keys.ts only (docs/decisions/0004-write-discipline.md): elsewhere in lambdas/
// and scripts/, a string or template that starts with an upper-case prefix and '#' ('LEDGER#',
// `ATHLETE#${id}`), or a template part that is a key segment after an interpolation
// (`${createdAt}#SALE#...`), is refused.
const KEY_PREFIX = '/^[A-Z][A-Z0-9_]*#/';
const KEY_SEGMENT = '/^#[A-Z][A-Z0-9_]*#/';
const KEY_MESSAGE = 'Table keys are built and read by lambdas/platform/keys.ts only: use (or add) its builder, prefix or parser.';
const keyStrings = {
  files: ['lambdas/**/*.ts', 'scripts/**/*.ts'],
  ignores: ['lambdas/platform/keys.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `Literal[value=${KEY_PREFIX}]`, message: KEY_MESSAGE },
      { selector: `TemplateLiteral[quasis.0.value.raw=${KEY_PREFIX}]`, message: KEY_MESSAGE },
      { selector: `TemplateElement[value.raw=${KEY_SEGMENT}]`, message: KEY_MESSAGE },
    ],
  },
};

module.exports = tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'cdk.out/', '.data/', 'coverage/', 'web/dist/', 'web/dist-server/', 'web/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts', 'test/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_RELATIVE_PARENT] }] },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}', 'web/src/config/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_RELATIVE_PARENT, NO_FEATURES] }] },
  },
  ...featureBoundaries,
  {
    // Web tests reach the app and the domain through the same aliases.
    files: ['test/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(web/src|shared)(/|$)', message: 'Import the web app with @/ and the domain code with @shared/.' }] },
      ],
    },
  },
  sharedIsPure,
  ...sharedDomains,
  ...lambdaDomains,
  keyStrings,
  {
    // Tests read JSON bodies of many shapes.
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
