// Bundling substitute for `@aws-sdk/credential-provider-node` in the Lambda bundles (an esbuild
// alias in infra/bundling.ts): Lambda hands the execution role's credentials to every function in
// AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, so the node chain's SSO, INI,
// process, web-identity, IMDS and container providers (and the STS/SSO clients they embed, about
// 90 KiB minified of a 250 KiB budget) can never be used there. Local mode, tests and scripts are
// not bundled and keep the SDK's full chain.
import { fromEnv } from '@aws-sdk/credential-provider-env';

type Init = Parameters<typeof fromEnv>[0];

/** Same name and shape as the SDK's `defaultProvider`, which every client's runtime config calls. */
export const defaultProvider = (init?: Init) => fromEnv(init);
