// The one esbuild definition of the Lambda bundles. scripts/build-lambdas.ts (and so the benchmark)
// passes LAMBDA_ESBUILD to esbuild; infra/constructs/api-function.ts hands nodejsBundling() to
// NodejsFunction, which turns it back into the same esbuild command line. test/infra/bundling.test.ts
// builds one function both ways and expects identical bytes, so the two cannot drift.
import * as path from 'node:path';
import { OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** Modules the Lambda bundles replace with a small stand-in (each file says why). */
export const BUNDLE_ALIASES = {
  // Lambda's env credentials instead of the SDK's whole node chain (SSO, INI, STS, IMDS...).
  '@aws-sdk/credential-provider-node': path.resolve(__dirname, '../lambdas/platform/lambda-credentials.ts'),
  // No event-stream operations: the SDK's lazily imported event-stream codec stays out.
  '@smithy/core/event-streams': path.resolve(__dirname, '../lambdas/platform/no-event-streams.ts'),
  // The endpoint-discovery cache's LRU: a Map-based one instead of mnemonist (~7 KiB).
  'mnemonist/lru-cache': path.resolve(__dirname, '../lambdas/platform/small-lru.ts'),
} as const;

export const LAMBDA_ESBUILD = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  // ESM builds first: each package's CommonJS build cannot be tree-shaken (541 -> 340 KiB alone).
  mainFields: ['module', 'main'],
  minify: true,
  treeShaking: true,
  // A .map file beside the bundle for decoding stack traces by hand; no sourcesContent (the repo has
  // the sources) and no runtime --enable-source-maps (docs/BENCHMARKS.md has what it would cost).
  sourcemap: 'external',
  sourcesContent: false,
  // The AWS SDK v3 goes inside the bundle: a pinned, tree-shaken client starts faster than the runtime's.
  external: [],
  alias: BUNDLE_ALIASES,
  logLevel: 'warning',
} as const satisfies BuildOptions;

type Key = keyof typeof LAMBDA_ESBUILD;

/**
 * LAMBDA_ESBUILD as NodejsFunction bundling props. Every key is mapped explicitly, so an option
 * added above without a mapping here fails the type check (and the drift test fails on a wrong one).
 */
export function nodejsBundling(): BundlingOptions {
  const o = LAMBDA_ESBUILD;
  const mapped: Record<Key, Partial<BundlingOptions>> = {
    bundle: {}, // NodejsFunction always bundles
    platform: {}, // NodejsFunction always passes --platform=node
    target: { target: o.target },
    format: { format: OutputFormat.CJS },
    mainFields: { mainFields: [...o.mainFields] },
    minify: { minify: o.minify },
    treeShaking: {}, // in esbuildArgs below
    sourcemap: { sourceMap: true, sourceMapMode: SourceMapMode.EXTERNAL },
    sourcesContent: { sourcesContent: o.sourcesContent },
    external: { externalModules: [...o.external] },
    alias: {}, // in esbuildArgs below
    logLevel: {}, // console output only
  };
  return {
    forceDockerBundling: false,
    ...Object.assign({}, ...Object.values(mapped)),
    esbuildArgs: {
      '--tree-shaking': String(o.treeShaking),
      '--alias': Object.entries(o.alias).map(([from, to]) => `${from}=${to}`),
    },
  };
}
