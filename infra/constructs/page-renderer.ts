// Rendering on request at the edge (issue #14): the render function (lambdas/catalog/render.handler.ts)
// behind its own function URL, which only CloudFront may call (origin access control signs the
// requests; the URL's auth type is AWS_IAM). The web build decides what it renders: each route of
// web/dist-server/page-assets.json (the routes whose screens name their first data) becomes a
// CloudFront path pattern ('/athlete/:id' -> '/athlete/*'), and the function ships that build
// (render.cjs, page-assets.json and the SPA shell index.html) in its asset. Without a build there
// is nothing to render: no function, and CloudFront answers every route from S3 as before.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { CachePolicy, CacheQueryStringBehavior, type IOrigin } from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { FUNCTION_BATCH_READS, FUNCTION_RUNTIME } from '#lambdas/routes';
import { PAGE_ASSETS, RENDER_MODULE, SERVER_DIR, type PageAssets } from '#shared/platform/page-render';
import { ApiFunction } from './api-function';

/** Beside the site's directory: web/dist -> web/dist-server (web/build-tools/prerender.ts). */
export const serverBuildDir = (webBuildDir: string) => path.join(path.dirname(path.resolve(webBuildDir)), SERVER_DIR);

/** The routes the build renders on request, as CloudFront path patterns (none without a build). */
export function renderedPathPatterns(webBuildDir: string): string[] {
  const file = path.join(serverBuildDir(webBuildDir), PAGE_ASSETS);
  if (!fs.existsSync(file) || !fs.existsSync(path.join(webBuildDir, 'index.html'))) return [];
  const { heads } = JSON.parse(fs.readFileSync(file, 'utf8')) as PageAssets;
  const patterns = Object.keys(heads).flatMap((route) => {
    // The front door: '/' and its default root object's name, whichever CloudFront matches it by.
    if (route === '/') return ['/', '/index.html'];
    const param = route.indexOf('/:');
    return param === -1 ? [route] : [`${route.slice(0, param)}/*`];
  });
  return [...new Set(patterns)].sort();
}

export interface PageRendererProps {
  readonly projectRoot: string;
  readonly webBuildDir: string;
  readonly table: ITable;
  readonly tableIndexNames: readonly string[];
  /** The public read functions' environment (demo settings). */
  readonly environment: Record<string, string>;
}

export class PageRenderer extends Construct {
  readonly function: ApiFunction;
  readonly origin: IOrigin;
  /** Pages hold the public answers' figures: cached as long as those are (20 s), per query string. */
  readonly cachePolicy: CachePolicy;
  readonly pathPatterns: string[];

  constructor(scope: Construct, id: string, props: PageRendererProps) {
    super(scope, id);
    this.pathPatterns = renderedPathPatterns(props.webBuildDir);
    const serverDir = serverBuildDir(props.webBuildDir);
    const copies = [
      [path.join(serverDir, RENDER_MODULE), RENDER_MODULE],
      [path.join(serverDir, PAGE_ASSETS), PAGE_ASSETS],
      [path.join(path.resolve(props.webBuildDir), 'index.html'), 'index.html'],
    ];
    const quote = (p: string) => `'${p.replace(/'/g, `'\\''`)}'`;
    // It reads what the search function reads (its index in memory): the same runtime settings.
    const runtime = FUNCTION_RUNTIME.search;
    this.function = new ApiFunction(this, 'RenderFunction', {
      entry: path.join(props.projectRoot, 'lambdas/catalog/render.handler.ts'),
      description: 'nil-cards web pages rendered with their data (CloudFront, data routes)',
      environment: { ...props.environment, ...(runtime?.nodeOptions ? { NODE_OPTIONS: runtime.nodeOptions } : {}) },
      memorySize: runtime?.memoryMb ?? 512,
      bundling: {
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          // The web build the function renders with, beside the bundle (lambdas/catalog/render.handler.ts).
          afterBundling: (_inputDir: string, outputDir: string) => [
            `mkdir -p ${quote(path.join(outputDir, 'web'))}`,
            ...copies.map(([from, name]) => `cp ${quote(from)} ${quote(path.join(outputDir, 'web', name))}`),
          ],
        },
      },
    });
    // It reads search pages through the search function's code: the same batch reads (FUNCTION_BATCH_READS).
    this.function.bindTable(props.table, 'read', props.tableIndexNames, [], FUNCTION_BATCH_READS.includes('search'));
    const url = this.function.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    this.origin = FunctionUrlOrigin.withOriginAccessControl(url);
    this.cachePolicy = new CachePolicy(this, 'PageCache', {
      comment: 'nil-cards data pages: as fresh as the public API answers (max-age=20), per query string',
      defaultTtl: Duration.seconds(20),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(60),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  }
}
