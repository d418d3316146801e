// The notifications function (docs/API.md, "Notifications"): the signed-in account's notices (the
// bell), marking them seen, its notification settings; one-click unsubscribe (a public POST whose
// link is signed: RFC 8058's List-Unsubscribe-Post); a collective's audit log and its CSV.
import { CATEGORIES } from '#shared/notifications/notification-rules';
import { validatePreferences, type UnsubscribeResponse } from '#shared/notifications/notifications-api';
import { requireCollectiveOwner, requirePrincipal } from '#lambdas/platform/auth';
import { BadRequest, validOrThrow } from '#lambdas/platform/errors';
import { intParam, json, jsonBody, limitParam, routes, type Event } from '#lambdas/platform/http';
import { cursorSpecs } from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { auditCsv, auditPage } from './audit-log';
import { inbox } from './inbox';
import { signingSecret, verifyUnsubscribeToken } from './notify-settings';
import { isRecipientKey } from './recipients';

const noStore = { 'cache-control': 'no-store' };
const box = inbox(dynamoStore);
const query = (event: Event, name: string) => event.queryStringParameters?.[name] ?? '';

export const handler = routes({
  'GET /api/me/notifications': async (event) => {
    const cursor = query(event, 'cursor') || undefined;
    return json(200, await box.list(requirePrincipal(event), cursor, limitParam(event, 20, 50)), noStore);
  },
  'POST /api/me/notifications/seen': async (event) => {
    const principal = requirePrincipal(event);
    const upTo = jsonBody(event).upTo;
    if (typeof upTo !== 'string') throw new BadRequest("'upTo' names the newest notice shown", { upTo: 'names the newest notice shown' });
    return json(200, await box.seen(principal, upTo), noStore);
  },
  'GET /api/me/notification-preferences': async (event) => json(200, await box.preferences(requirePrincipal(event)), noStore),
  'PUT /api/me/notification-preferences': async (event) => {
    const principal = requirePrincipal(event);
    return json(200, await box.savePreferences(principal, validOrThrow(validatePreferences(jsonBody(event)))), noStore);
  },
  // One-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the link of the
  // email's List-Unsubscribe header; the /unsubscribe page POSTs the same link. The link names the
  // recipient and the category, signed; anything else is refused and changes nothing.
  'POST /api/notifications/unsubscribe': async (event) => {
    const [recipient, category, token] = [query(event, 'r'), query(event, 'c'), query(event, 't')];
    if (!isRecipientKey(recipient) || !verifyUnsubscribeToken(await signingSecret(), recipient, category, token))
      throw new BadRequest('This unsubscribe link is not valid (it may have been cut short); use the link in the email again', { link: 'is not valid' });
    await box.unsubscribe(recipient, category);
    const response: UnsubscribeResponse = { category, label: CATEGORIES[category].label };
    return json(200, response, noStore);
  },
  'GET /api/collectives/{id}/audit': async (event) => {
    const id = intParam(event, 'id');
    requireCollectiveOwner(event, id);
    const cursor = query(event, 'cursor') || undefined;
    if (cursor !== undefined && !cursorSpecs.audit(id).fields.SK.test(cursor)) throw new BadRequest("'cursor' is not valid", { cursor: 'is not valid' });
    return json(200, await auditPage(dynamoStore, id, limitParam(event, 50, 200), cursor), noStore);
  },
  'GET /api/collectives/{id}/audit/csv': async (event) => {
    const id = intParam(event, 'id');
    requireCollectiveOwner(event, id);
    const month = query(event, 'month');
    const { csv, truncated } = await auditCsv(dynamoStore, id, month);
    return {
      statusCode: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="audit-log-${id}-${month}.csv"`,
        'cache-control': 'no-store',
        ...(truncated ? { 'x-truncated': 'true' } : {}),
      },
      body: csv,
    };
  },
});
