// POST /api/waitlist: first name, last name and a valid email required; details optional
// (shared/onboarding/onboarding-api.ts validateWaitlist, the form's own rules).
import { validateWaitlist } from '#shared/onboarding/onboarding-api';
import { ValidationError } from '#lambdas/platform/errors';
import { json, jsonBody, routes } from '#lambdas/platform/http';
import { saveWaitlistEntry } from './waitlist-repo';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const handler = routes({
  'POST /api/waitlist': async (event) => {
    const body = jsonBody(event, 16 * 1024);
    const fields = validateWaitlist(body);
    if (Object.keys(fields).length) throw new ValidationError(fields as Record<string, string>);
    const entry = {
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      email: text(body.email),
      details: text(body.details),
      school: text(body.school),
    };
    await saveWaitlistEntry({ ...entry, school: entry.school || undefined });
    return json(201, { ok: true });
  },
});
