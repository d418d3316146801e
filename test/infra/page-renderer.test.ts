// Infra layer, data pages rendered on request (issue #14): with a web build that has them
// (web/dist-server/page-assets.json beside web/dist), CloudFront sends each data route to the render
// function's URL, which only CloudFront may call; the function reads the table and writes nothing;
// cdk-nag finds nothing unsuppressed. Without such a build there is no render function.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { renderedPathPatterns } from '../../infra/constructs/page-renderer';
import { readNagReport, unsuppressedNagFindings } from '../support/nag';

jest.setTimeout(180_000);

let root: string;
let webDir: string;
let template: Template;
let stack: ReturnType<typeof buildApp>['stack'];
let outdir: string;
let synthError: unknown;

type Resources = Record<string, { Properties: Record<string, unknown> }>;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-pages-'));
  webDir = path.join(root, 'dist');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(root, 'dist-server', 'render.cjs'), 'exports.renderDocument = async () => null;');
  const heads = Object.fromEntries(['/', '/search', '/demo/search', '/athlete/:id', '/athlete/:athleteId/card/:cardId', '/school/:id'].map((r) => [r, []]));
  fs.writeFileSync(path.join(root, 'dist-server', 'page-assets.json'), JSON.stringify({ template: '', heads }));

  const app = new App({ context: { webBuildDir: webDir, 'aws:cdk:bundling-stacks': [] } });
  ({ stack } = buildApp(app, {}));
  outdir = app.outdir;
  try {
    template = Template.fromStack(stack);
  } catch (e) {
    // cdk-nag findings abort synthesis after the template is written: the last test reports them.
    synthError = e;
    template = Template.fromJSON(JSON.parse(fs.readFileSync(path.join(app.outdir, stack.templateFile), 'utf8')));
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('derives the path patterns from the build (one per route prefix; the storefront at / also by its file) and none without a build', () => {
  expect(renderedPathPatterns(webDir)).toEqual(['/', '/athlete/*', '/demo/search', '/index.html', '/school/*', '/search']);
  expect(renderedPathPatterns(path.join(root, 'no-such-build'))).toEqual([]);
});

it('sends each data route to the render function URL, which only CloudFront may call', () => {
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution') as Resources);
  const config = distribution.Properties.DistributionConfig as {
    CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string; AllowedMethods: string[] }>;
    Origins: Array<{ Id: string; DomainName: unknown; OriginAccessControlId?: unknown }>;
  };
  const behaviors = config.CacheBehaviors.filter((b) => ['/athlete/*', '/demo/search', '/school/*', '/search'].includes(b.PathPattern));
  expect(behaviors).toHaveLength(4);
  const origins = new Set(behaviors.map((b) => b.TargetOriginId));
  expect(origins.size).toBe(1);
  const origin = config.Origins.find((o) => o.Id === [...origins][0])!;
  expect(origin.OriginAccessControlId).toBeDefined();
  expect(JSON.stringify(origin.DomainName)).toContain('FunctionUrl');
  for (const b of behaviors) expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
  template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM' });
  template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunctionUrl', Principal: 'cloudfront.amazonaws.com' });
});

it('gives the render function read access to the table only', () => {
  const policies = Object.entries(template.findResources('AWS::IAM::Policy') as Resources).filter(([id]) => id.startsWith('PagesRenderFunction'));
  expect(policies).toHaveLength(1);
  const actions = (policies[0][1].Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement.flatMap((s) => s.Action);
  expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Query']);
  expect(actions.filter((a) => /dynamodb:(Put|Update|Delete|BatchWrite|Scan)/.test(a))).toEqual([]);
});

it('leaves no cdk-nag finding unsuppressed', () => {
  expect(readNagReport(outdir)).toBeDefined();
  expect(unsuppressedNagFindings(outdir, stack)).toEqual([]);
  expect(synthError).toBeUndefined();
});
