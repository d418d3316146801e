// A fan's own account (issue 23): what the account settings page shows (GET /api/me/account), the
// age question a Google account answers before it is usable (PUT /api/me/age: the band is recorded,
// never the date; under 13 the account is removed and nothing is kept), "download my data" (GET
// /api/me/data: account-data.ts) and "delete my account" (POST /api/me/deletion emails a code, POST
// /api/me/deletion/confirm deletes: account-deletion.ts). A signed-in account acts on itself only:
// the key is always its own verified email's.
import type { AccountView } from '#shared/sales/account-api';
import { AGE_BAND_ATTRIBUTE, NOT_ELIGIBLE, isAgeBand, screenAge } from '#shared/platform/age';
import { ageRecordOf, forgetAgeBand, isListedPublicly, recordAgeBand } from '#lambdas/identity/age-bands';
import { hashEmail } from '#lambdas/identity/buyers';
import { identityAdmin } from '#lambdas/identity/identity-admin';
import { requireBuyerEmail, requirePrincipal } from '#lambdas/platform/auth';
import { Conflict, HttpError, ValidationError } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';
import { json, jsonBody, routes } from '#lambdas/platform/http';
import { dynamoStore as store } from '#lambdas/platform/store';
import { confirmDeletion, pendingDeletion, requestDeletion } from './account-deletion';
import { accountData } from './account-data';
import { acceptEvent } from '#lambdas/orders/accept';
import { mailer } from '#lambdas/platform/mailer';

const now = () => new Date().toISOString();

/** The band the sign-up put in the ID token (immutable), if any. */
const tokenBand = (event: Event) => {
  const band = event.requestContext.authorizer?.jwt?.claims?.[AGE_BAND_ATTRIBUTE];
  return isAgeBand(band) ? band : null;
};

/** 403 with the age screen's neutral words. */
class NotEligible extends HttpError {
  constructor() {
    super(403, 'not_eligible', NOT_ELIGIBLE);
  }
}

async function accountView(event: Event): Promise<AccountView> {
  const principal = requirePrincipal(event);
  const email = requireBuyerEmail(event);
  const buyerKey = hashEmail(email);
  const [record, deletion] = await Promise.all([ageRecordOf(store, buyerKey), pendingDeletion(store, buyerKey, now())]);
  const band = tokenBand(event) ?? record?.band ?? null;
  return {
    username: principal.username,
    email,
    ageBand: band,
    ageQuestion: band === null || band === 'unknown',
    listedPublicly: isListedPublicly(record ?? (band ? { band } : undefined)),
    deletion,
  };
}

export const handler = routes({
  'GET /api/me/account': async (event) => json(200, await accountView(event), { 'cache-control': 'no-store' }),

  'PUT /api/me/age': async (event) => {
    const principal = requirePrincipal(event);
    const email = requireBuyerEmail(event);
    const buyerKey = hashEmail(email);
    const body = jsonBody(event, 1024);
    if (tokenBand(event)) throw new Conflict('This account answered the question when it signed up');
    const record = await ageRecordOf(store, buyerKey);
    if (record && record.band !== 'unknown') throw new Conflict('This account already answered the question');
    const screen = screenAge(body.birthDate, Date.now());
    if (!screen.allowed && screen.reason === 'invalid') throw new ValidationError({ birthDate: screen.message });
    if (!screen.allowed) {
      // Under 13: the account goes, and nothing of the answer is kept.
      await identityAdmin().deleteUser(principal.username);
      await forgetAgeBand(store, buyerKey);
      throw new NotEligible();
    }
    await recordAgeBand(store, buyerKey, { band: screen.band, source: 'question', at: now() });
    return json(200, await accountView(event));
  },

  'GET /api/me/data': async (event) => {
    const view = await accountView(event);
    const body = await accountData(store, { principal: requirePrincipal(event), email: view.email, ageBand: view.ageBand, now: now() });
    return json(200, body, { 'cache-control': 'no-store', 'content-disposition': 'attachment; filename="drift-my-data.json"' });
  },

  'POST /api/me/deletion': async (event) => {
    const principal = requirePrincipal(event);
    const email = requireBuyerEmail(event);
    const mail = {
      send: (m: { to: string; subject: string; text: string }) =>
        mailer().send({ to: [m.to], subject: m.subject, text: m.text, tags: { category: 'account' } }),
    };
    return json(200, await requestDeletion(store, { principal, email, now: new Date(), mail }), { 'cache-control': 'no-store' });
  },

  'POST /api/me/deletion/confirm': async (event) => {
    const principal = requirePrincipal(event);
    const email = requireBuyerEmail(event);
    const body = jsonBody(event, 1024);
    const done = await confirmDeletion(store, { principal, email, code: body.code, now }, { accept: (e) => acceptEvent(e) });
    return json(200, done, { 'cache-control': 'no-store' });
  },
});
