// Local mode's demo accounts as notification recipients (issue 26): each demo account reads its
// notifications once through the notifications function, with the claims its ID token carries, as
// its bell does when it signs in; that records its email as the address of its recipients (the
// demo athlete's, the demo collective's, the demo fan's), so what Drift tells them reaches the
// local mailbox from the first event on. Nothing is written around the API.
import type { Context } from 'aws-lambda';
import { handler } from '#lambdas/notifications/notifications.handler';
import type { Event, Result } from '#lambdas/platform/http';

export interface DemoAccount {
  sub: string;
  username: string;
  email: string;
  groups: string[];
  attributes: Record<string, string>;
}

export async function seedNotificationAddresses(accounts: DemoAccount[]): Promise<void> {
  for (const account of accounts) {
    const claims = {
      sub: account.sub,
      'cognito:username': account.username,
      email: account.email,
      email_verified: 'true',
      'cognito:groups': `[${account.groups.join(' ')}]`,
      ...account.attributes,
    };
    const event = {
      version: '2.0',
      routeKey: 'GET /api/me/notifications',
      rawPath: '/api/me/notifications',
      rawQueryString: '',
      headers: {},
      requestContext: {
        http: { method: 'GET', path: '/api/me/notifications' },
        authorizer: { jwt: { claims, scopes: [] } },
        requestId: `seed-${account.username}`,
      },
      isBase64Encoded: false,
    } as unknown as Event;
    const result = (await (handler as unknown as (e: Event, c: Context) => Promise<Result>)(event, {} as Context)) as Result;
    if (result.statusCode !== 200) throw new Error(`reading ${account.username}'s notifications answered ${result.statusCode}: ${String(result.body)}`);
  }
}
