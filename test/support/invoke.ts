// Calls a handler module with an API Gateway v2 event, as the local server and Lambda do.
import type { Context } from 'aws-lambda';
import type { Event, Result } from '#lambdas/platform/http';

export interface InvokeOptions {
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | Buffer;
  base64?: boolean;
  claims?: Record<string, string>;
}

export function apiEvent(routeKey: string, options: InvokeOptions = {}): Event {
  const [method, path] = routeKey.split(' ');
  const body =
    options.body === undefined ? undefined : Buffer.isBuffer(options.body) || options.base64 ? Buffer.from(options.body).toString('base64') : options.body;
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers: options.headers ?? {},
    queryStringParameters: options.query,
    pathParameters: options.pathParameters,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: 'req',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      ...(options.claims ? { authorizer: { jwt: { claims: options.claims, scopes: [] } } } : {}),
    },
    body,
    isBase64Encoded: Buffer.isBuffer(options.body) || options.base64 === true,
  } as Event;
}

type Handler = (event: Event, context: Context) => Promise<Result>;

export async function invoke(
  handler: unknown,
  routeKey: string,
  options: InvokeOptions = {},
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const result = await (handler as Handler)(apiEvent(routeKey, options), {} as Context);
  const text = result.body ?? '';
  const headers = (result.headers ?? {}) as Record<string, unknown>;
  const isJson = !headers['content-type'] || String(headers['content-type']).includes('json');
  return { status: result.statusCode ?? 200, body: text ? (isJson ? JSON.parse(text) : text) : null, headers };
}

/** Claims as API Gateway's JWT authorizer passes them (strings; arrays as "[a b]"). */
export const claimsFor = {
  athlete: (athleteId: number) => ({
    sub: `athlete-${athleteId}`,
    email: `athlete${athleteId}@example.com`,
    email_verified: 'true',
    'cognito:groups': '[athlete]',
    'custom:athleteId': String(athleteId),
  }),
  collective: (collectiveId: number) => ({
    sub: `collective-${collectiveId}`,
    email: `collective${collectiveId}@example.com`,
    email_verified: 'true',
    'cognito:groups': '[collective]',
    'custom:collectiveId': String(collectiveId),
  }),
  buyer: (email: string, verified = true) => ({ sub: `buyer-${email}`, email, email_verified: String(verified), 'cognito:groups': '[buyer]' }),
};
