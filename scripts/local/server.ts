// The local HTTP server: /api requests become API Gateway v2 events for the same handler modules
// Lambda runs (no second implementation of any route); everything else is the web build, each
// app route answered as CloudFront answers it: a page whose content is data rendered on request
// (page-render.ts, as the render Lambda), its prerendered HTML, or the SPA shell index.html.
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { securityHeaders } from '../../infra/security-headers';
import type { Event, Result } from '#lambdas/platform/http';
import { ROUTES, functionEntry, type FunctionName, type RouteDef } from '#lambdas/routes';
import { CognitoError, LOCAL_CLIENT_ID, LOCAL_POOL_ID, type LocalCognito } from './cognito';
import { verifyJwt } from './jwt';
import type { LocalStripe } from './stripe';
import type { LocalMail } from './mail';
import type { LocalDrand } from './drand';
import { apiReader, pageRenderer, sendPage } from './page-render';
import { isAppRoute, prerenderedRoutes, viewerRequestUri } from './prerendered-routes';

export interface LocalServerOptions {
  /** The local identity provider; protected routes verify its tokens as API Gateway would. */
  cognito?: LocalCognito;
  /** Runtime settings the web app reads from /config.json (no secrets). */
  webConfig?: () => Record<string, unknown>;
  /** Called after each API answer (local mode settles accepted webhook deliveries, as the stream does). */
  onApiResult?: (routeKey: string, status: number) => void;
  /** The Stripe stand-in (/local-stripe/: Stripe's API subset, hosted onboarding and checkout). */
  stripe?: LocalStripe;
  /** The SES stand-in (/local-mail/: SendEmail and the mailbox page). */
  mail?: LocalMail;
  /** The drand relay stand-in (/local-drand/: drand's v1 HTTP API under a local chain key). */
  drand?: LocalDrand;
}

type Handler = (event: Event, context: Context) => Promise<Result>;

const REPO_ROOT = path.resolve(__dirname, '../..');
const handlers = new Map<FunctionName, Promise<Handler>>();

/** Loads a function's entry module once, like a warm Lambda. */
function loadHandler(fn: FunctionName): Promise<Handler> {
  let loaded = handlers.get(fn);
  if (!loaded) {
    loaded = import(path.join(REPO_ROOT, functionEntry(fn))).then((m: { handler: Handler }) => m.handler);
    handlers.set(fn, loaded);
  }
  return loaded;
}

interface CompiledRoute {
  method: string;
  path: string;
  fn: FunctionName;
  access: RouteDef['access'];
  regex: RegExp;
  params: string[];
}

const compiled: CompiledRoute[] = ROUTES.map((route) => {
  const params: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)(\+?)\}/g, (_m, name: string, greedy: string) => {
    params.push(name);
    return greedy ? '(.+)' : '([^/]+)';
  });
  return { method: route.method, path: route.path, fn: route.fn, access: route.access, regex: new RegExp(`^${pattern}$`), params };
});

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

const MAX_BODY = 12 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The route's path parameters, percent-decoded as API Gateway hands them; null when an escape is
 * malformed (the request is answered 400, never passed on). */
function pathParametersOf(route: CompiledRoute, match: RegExpExecArray): Record<string, string> | null {
  try {
    return Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
  } catch {
    return null;
  }
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: CompiledRoute,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims?: Record<string, string>,
): Event {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = query[key] ? `${query[key]},${value}` : value;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: route.params.length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: '127',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    },
    // API Gateway hands binary-safe bodies base64-encoded; handlers decode through rawBody().
    body: body.length ? body.toString('base64') : undefined,
    isBase64Encoded: body.length > 0,
  };
}

function lambdaContext(fn: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${fn}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${fn}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/local-${fn}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** API Gateway's JWT authorizer: claims arrive as strings, arrays as "[a b]". */
function authorize(req: IncomingMessage, cognito: LocalCognito | undefined): Record<string, string> | null {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!match || !cognito) return null;
  try {
    const claims = verifyJwt(match[1].trim(), { issuer: cognito.issuer, audience: [LOCAL_CLIENT_ID], jwks: cognito.jwks.keys, tokenUse: ['id', 'access'] });
    return Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
  } catch {
    return null;
  }
}

async function handleCognito(req: IncomingMessage, res: ServerResponse, url: URL, cognito: LocalCognito): Promise<void> {
  if (req.method === 'GET' && url.pathname === `/local-cognito/${LOCAL_POOL_ID}/.well-known/jwks.json`) return sendJson(res, 200, cognito.jwks);
  if (req.method !== 'POST') return sendJson(res, 404, { __type: 'NotFound', message: 'Not found' });
  const operation = String(req.headers['x-amz-target'] ?? '').replace(/^AWSCognitoIdentityProviderService\./, '');
  const raw = await readBody(req);
  let body: unknown;
  try {
    body = JSON.parse(raw?.toString('utf8') || '{}');
  } catch {
    body = undefined;
  }
  const answer = (status: number, type: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
    res.end(JSON.stringify({ __type: type, message }));
  };
  if (raw === null) return answer(413, 'SerializationException', 'Request body too large');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return answer(400, 'SerializationException', 'The request body must be a JSON object');
  try {
    const result = await cognito.call(operation, body as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify(result));
  } catch (error) {
    if (error instanceof CognitoError) return answer(400, error.type, error.message);
    console.error(JSON.stringify({ level: 'error', message: 'local cognito error', operation, error: String((error as Error)?.stack ?? error) }));
    answer(500, 'InternalErrorException', 'Internal error');
  }
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, options: LocalServerOptions): Promise<void> {
  const candidates = compiled.filter((r) => r.regex.test(url.pathname));
  const route = candidates.find((r) => r.method === req.method);
  if (!route) {
    if (candidates.length) return sendJson(res, 405, { error: { code: 'method_not_allowed', message: `${req.method} is not allowed on ${url.pathname}` } });
    return sendJson(res, 404, { error: { code: 'not_found', message: `No route ${req.method} ${url.pathname}` } });
  }
  const pathParameters = pathParametersOf(route, route.regex.exec(url.pathname)!);
  if (!pathParameters) return sendJson(res, 400, { error: { code: 'bad_request', message: 'The path has a malformed percent-escape' } });
  let claims: Record<string, string> | undefined;
  if (route.access !== 'public' && route.access !== 'webhook') {
    const verified = authorize(req, options.cognito);
    if (!verified) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      res.end(JSON.stringify({ message: 'Unauthorized' }));
      return;
    }
    claims = verified;
  }
  const body = await readBody(req);
  if (body === null) return sendJson(res, 413, { error: { code: 'payload_too_large', message: 'Request body too large' } });
  const handler = await loadHandler(route.fn);
  const result = await handler(toEvent(req, url, route, pathParameters, body, claims), lambdaContext(route.fn));
  options.onApiResult?.(`${route.method} ${route.path}`, result.statusCode ?? 200);
  const headers = { ...(result.headers ?? {}) } as Record<string, string>;
  const payload = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? '');
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(payload);
}

/** Text that CloudFront compresses for a browser that accepts it (gzip here, one choice is enough). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.map']);

/**
 * The web build, as CloudFront serves it: the viewer-request function's rewrite first (an app
 * route gets its prerendered <route>/index.html when the build wrote one, otherwise the SPA shell
 * /index.html: ./prerendered-routes.ts), then the file, gzipped for a browser that accepts it.
 */
function serveStatic(res: ServerResponse, url: URL, webRoot: string, acceptEncoding = ''): void {
  const target = viewerRequestUri(url.pathname, prerenderedRoutes(webRoot));
  let decoded: string;
  try {
    // A malformed escape is answered 400 on a deep link too (CloudFront would pass it to the shell).
    decodeURIComponent(url.pathname);
    decoded = decodeURIComponent(target);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request: malformed percent-escape in the path');
    return;
  }
  const requested = path.normalize(decoded).replace(/^([/\\])+/, '');
  const file = path.join(webRoot, requested);
  if (!file.startsWith(webRoot)) {
    res.writeHead(400).end();
    return;
  }
  if (!existsSync(file) || !statSync(file).isFile()) {
    if (isAppRoute(url.pathname)) res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`');
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const immutable = requested.startsWith('assets/');
  const headers: Record<string, string> = {
    'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (!COMPRESSIBLE.has(path.extname(file)) || !/\bgzip\b/.test(acceptEncoding)) {
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
    return;
  }
  res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
  createReadStream(file)
    .pipe(createGzip({ level: 6 }))
    .pipe(res);
}

export function createLocalServer(webRoot: string, options: LocalServerOptions = {}): Server {
  const root = path.resolve(webRoot);
  // CloudFront's response headers policy, on every response (the web build, index.html for deep
  // links, /config.json, /api): the browser tests then run the app under the production CSP.
  const headers = securityHeaders({ shopifyStoreDomain: process.env.VITE_SHOPIFY_STORE_DOMAIN });
  const renderPage = pageRenderer(root);
  // The page renderer reads this server's own /api, signed out (a server that is not listening,
  // as in tests that emit requests into it, has no /api to read: its pages get the shell).
  const apiOrigin = () => {
    const address = server.address() as AddressInfo | string | null;
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
  };
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      // e.g. "GET //": not a path this server can parse. Answer, never throw out of the listener.
      if ((req.url ?? '').startsWith('/api/')) sendJson(res, 400, { error: { code: 'bad_request', message: 'Malformed request target' } });
      else res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request: malformed request target');
      return;
    }
    let work: Promise<void>;
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') work = handleApi(req, res, url, options);
    else if (url.pathname.startsWith('/local-cognito/') && options.cognito) work = handleCognito(req, res, url, options.cognito);
    else if (url.pathname.startsWith('/local-stripe/') && options.stripe)
      work = options.stripe.handle(req, res).then((answered) => {
        if (!answered) sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
      });
    else if (url.pathname.startsWith('/local-mail/') && options.mail)
      work = options.mail.handle(req, res).then((answered) => {
        if (!answered) sendJson(res, 404, { message: `No such mailbox resource: ${url.pathname}` });
      });
    else if (url.pathname.startsWith('/local-drand/') && options.drand)
      work = options.drand.handle(req, res).then((answered) => {
        if (!answered) sendJson(res, 404, { error: 'not found' });
      });
    else if (url.pathname === '/config.json') work = Promise.resolve(sendJson(res, 200, options.webConfig?.() ?? {}));
    else if (req.method === 'GET' && !path.extname(url.pathname) && apiOrigin()) {
      // A page whose content is data is answered with its rendered HTML (as the render Lambda does).
      const accept = String(req.headers['accept-encoding'] ?? '');
      work = renderPage(`${url.pathname}${url.search}`, apiReader(apiOrigin()!)).then((html) =>
        html === null ? serveStatic(res, url, root, accept) : sendPage(res, html, accept),
      );
    } else work = Promise.resolve(serveStatic(res, url, root, String(req.headers['accept-encoding'] ?? '')));
    work.catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'local server error', error: String((error as Error)?.stack ?? error) }));
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal', message: 'Internal error' } });
      else res.end();
    });
  });
  return server;
}
