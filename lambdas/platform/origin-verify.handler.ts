// API Gateway Lambda authorizer (HTTP API, simple responses) of the open routes: allows a request
// only when it carries CloudFront's origin header (lambdas/platform/origin-verify.ts). A request
// without the header never gets here: API Gateway answers 401 when the identity source is missing,
// and caches this function's answer per header value, so it runs about once per cache period.
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { getSecretString } from './aws-lite';
import { ORIGIN_VERIFY_HEADER, acceptedValues, isAccepted } from './origin-verify';

/** A value we do not know triggers at most one Secrets Manager read per minute (after a rotation). */
const REFRESH_AFTER_MS = 60_000;

let cache: { values: string[]; at: number } | undefined;

async function load(): Promise<string[]> {
  const arn = process.env.ORIGIN_SECRET_ARN;
  if (!arn) throw new Error('ORIGIN_SECRET_ARN is not set');
  const values = acceptedValues(await getSecretString(arn));
  if (values.length === 0) throw new Error('the origin secret holds no usable value');
  cache = { values, at: Date.now() };
  return values;
}

export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerResult> {
  const given = event.headers?.[ORIGIN_VERIFY_HEADER];
  let values = cache?.values ?? (await load());
  if (!isAccepted(given, values) && cache && Date.now() - cache.at > REFRESH_AFTER_MS) values = await load();
  return { isAuthorized: isAccepted(given, values) };
}
