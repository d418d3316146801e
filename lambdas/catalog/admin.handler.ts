// The dashboards' write API: a collective's members and new athlete profiles, school colours,
// merchandise, and profile image uploads (presigned S3 in AWS, local disk in local mode).
// Every write needs the collective's own account (school writes: the school's collective).
import { createHash } from 'node:crypto';
import {
  validateCreateAthlete,
  validateMerch,
  validateSchoolColors,
  validateSchoolState,
  validateUpdateMember,
  validateUpload,
} from '#shared/catalog/admin-api';
import {
  createMemberAthlete,
  createMerch,
  getAthleteRecord,
  removeMember,
  removeMerch,
  requireCollective,
  requireSchool,
  setSchoolColors,
  setSchoolState,
  updateMember,
  updateMerch,
} from './admin-repo';
import { requireCollectiveOwner, requirePrincipal, type Principal } from '#lambdas/platform/auth';
import { Forbidden, validOrThrow } from '#lambdas/platform/errors';
import { intParam, json, jsonBody, noContent, rawBody, routes } from '#lambdas/platform/http';
import { authorizeSchoolWrite } from './tenancy';
import { createUpload, readLocalUpload, storeLocalUpload } from './uploads';

/** The collective's account as its audit log names it (docs/decisions/0025). */
const actorOf = (p: Principal) => ({ sub: p.sub, label: p.email ?? 'The collective' });

export const handler = routes({
  'POST /api/collectives/{id}/athletes': async (event) => {
    const id = intParam(event, 'id');
    const principal = requireCollectiveOwner(event, id);
    const request = validOrThrow(validateCreateAthlete(jsonBody(event)));
    return json(201, await createMemberAthlete(id, request, undefined, actorOf(principal)));
  },
  'PUT /api/collectives/{id}/athletes/{athleteId}': async (event) => {
    const id = intParam(event, 'id');
    const athleteId = intParam(event, 'athleteId');
    const principal = requireCollectiveOwner(event, id);
    const body = jsonBody(event);
    await requireCollective(id);
    const current = await getAthleteRecord(athleteId);
    const patch = validOrThrow(validateUpdateMember(body, current?.sport));
    return json(200, await updateMember(id, athleteId, patch, actorOf(principal)));
  },
  'DELETE /api/collectives/{id}/athletes/{athleteId}': async (event) => {
    const id = intParam(event, 'id');
    const athleteId = intParam(event, 'athleteId');
    const principal = requireCollectiveOwner(event, id);
    await removeMember(id, athleteId, actorOf(principal));
    return noContent();
  },
  'PUT /api/schools/{id}/colors': async (event) => {
    const id = intParam(event, 'id');
    await authorizeSchoolWrite(event, id);
    const colors = validOrThrow(validateSchoolColors(jsonBody(event)));
    const { collectiveId, sub } = requirePrincipal(event);
    return json(200, await setSchoolColors(id, colors, { collectiveId: collectiveId!, sub }));
  },
  'PUT /api/schools/{id}/state': async (event) => {
    const id = intParam(event, 'id');
    await authorizeSchoolWrite(event, id);
    const { state } = validOrThrow(validateSchoolState(jsonBody(event)));
    return json(200, await setSchoolState(id, state));
  },
  'POST /api/schools/{id}/merch': async (event) => {
    const id = intParam(event, 'id');
    await authorizeSchoolWrite(event, id);
    const request = validOrThrow(validateMerch(jsonBody(event)));
    return json(201, await createMerch(id, request));
  },
  'PUT /api/schools/{id}/merch/{merchId}': async (event) => {
    const id = intParam(event, 'id');
    const merchId = intParam(event, 'merchId');
    await authorizeSchoolWrite(event, id);
    const request = validOrThrow(validateMerch(jsonBody(event)));
    await requireSchool(id);
    return json(200, await updateMerch(id, merchId, request));
  },
  'DELETE /api/schools/{id}/merch/{merchId}': async (event) => {
    const id = intParam(event, 'id');
    const merchId = intParam(event, 'merchId');
    await authorizeSchoolWrite(event, id);
    await removeMerch(id, merchId);
    return noContent();
  },
  'POST /api/uploads': async (event) => {
    // Collectives upload card, profile and merch images; any other signed-in account with a
    // verified email only the image of its profile request (/create-profile).
    const principal = requirePrincipal(event);
    const { contentType, size } = validOrThrow(validateUpload(jsonBody(event)));
    if (principal.groups.includes('collective') && principal.collectiveId !== null)
      return json(201, await createUpload(contentType, size, { collectiveId: principal.collectiveId }));
    if (!principal.email || !principal.emailVerified) throw new Forbidden('Verify your email address before uploading an image');
    return json(201, await createUpload(contentType, size, { accountId: createHash('sha256').update(principal.sub).digest('hex').slice(0, 32) }));
  },
  // Local mode only: the upload URL carries a signed ticket (collective, type, size, expiry) handed out
  // by POST /api/uploads, as a presigned S3 URL carries its signature; one PUT per key, never an overwrite.
  'PUT /api/uploads/local/{key}': async (event) => {
    const key = event.pathParameters?.key ?? '';
    const contentType = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    await storeLocalUpload(key, rawBody(event), { query: event.queryStringParameters ?? {}, contentType });
    return noContent();
  },
  'GET /api/uploads/local/{key}': async (event) => {
    const { bytes, contentType } = await readLocalUpload(event.pathParameters?.key ?? '');
    return {
      statusCode: 200,
      headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    };
  },
});
