// One jest run, several layers. Each project is a test layer of DESIGN.md section 7.

/** @type {[string, Record<string, unknown>]} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const base = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@middy)/)'],
  moduleNameMapper: { '^@middy/([^/]+)$': '<rootDir>/node_modules/@middy/$1/index.js' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

/** @type {import('jest').Config} */
const config = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  projects: [
    { ...base, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...base, displayName: 'handler', testEnvironment: 'node', testMatch: ['<rootDir>/test/handler/**/*.test.ts'] },
    { ...base, displayName: 'infra', testEnvironment: 'node', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/web/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/support/web-setup.ts', '<rootDir>/test/web/dialog-polyfill.ts', '<rootDir>/test/web/test-timeouts.ts'],
      moduleNameMapper: {
        ...base.moduleNameMapper,
        '\\.(css|png|jpg|svg|pdf)$': '<rootDir>/test/support/file-stub.ts',
        // The web app's aliases (web/tsconfig.json, web/vite.config.ts), after the asset stub.
        '^@/(.*)$': '<rootDir>/web/src/$1',
        '^@shared/(.*)$': '<rootDir>/shared/$1',
      },
    },
    { ...base, displayName: 'integration', testEnvironment: 'node', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    { ...base, displayName: 'e2e', testEnvironment: 'node', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
  ],
};

module.exports = config;
