// POST /api/waitlist: first name, last name and a valid email required; details optional.
import { WAITLIST_SCHOOLS, isValidEmail } from '../../shared/api';
import { ValidationError } from '../common/errors';
import { json, jsonBody, routes } from '../common/http';
import { saveWaitlistEntry } from '../common/waitlist-repo';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const handler = routes({
  'POST /api/waitlist': async (event) => {
    const body = jsonBody(event, 16 * 1024);
    const entry = {
      firstName: text(body.firstName),
      lastName: text(body.lastName),
      email: text(body.email),
      details: text(body.details),
      school: text(body.school),
    };
    const fields: Record<string, string> = {};
    if (!entry.firstName) fields.firstName = 'First name is required';
    else if (entry.firstName.length > 100) fields.firstName = 'First name is too long';
    if (!entry.lastName) fields.lastName = 'Last name is required';
    else if (entry.lastName.length > 100) fields.lastName = 'Last name is too long';
    if (!entry.email) fields.email = 'Email is required';
    else if (!isValidEmail(entry.email)) fields.email = 'Enter a valid email address';
    if (entry.details.length > 5000) fields.details = 'Details are too long';
    if (entry.school && !(WAITLIST_SCHOOLS as readonly string[]).includes(entry.school)) fields.school = `School must be one of ${WAITLIST_SCHOOLS.join(', ')}`;
    if (Object.keys(fields).length) throw new ValidationError(fields);
    await saveWaitlistEntry({ ...entry, school: entry.school || undefined });
    return json(201, { ok: true });
  },
});
