// The one mapping from a failed submit to what a form shows: the fields' errors under their
// fields and one form-level message. An ApiError (lib/api-client.ts) with field errors puts each
// on its field; 401, 403, 409, 5xx and no answer at all become the form message, in the form's own
// words where it has them (FailureTexts) and the server's otherwise. Anything else (a Cognito
// error, a bug) is the form's `other` text.
import { ApiError } from '@/lib/api-client';

export type FieldErrors = Record<string, string>;

/** A form-level text: fixed, or worded from the error. */
export type FailureText = string | ((error: unknown) => string);

export interface FailureTexts {
  /** 401: not signed in (or the session ended). */
  unauthorized?: FailureText;
  /** 403: signed in as someone who may not do this. */
  forbidden?: FailureText;
  /** 409: the thing changed meanwhile. */
  conflict?: FailureText;
  /** 5xx: the server failed. */
  server?: FailureText;
  /** No answer (offline, the request never arrived). */
  network?: FailureText;
  /** Beside field errors of a 400: none unless the form says (the fields speak). */
  invalid?: FailureText;
  /** Not the API's error (a Cognito error, a bug): 'Something went wrong. Please try again.' unless the form says. */
  other?: FailureText;
  /** Every failure, whatever it was (a form whose spec has one error text, such as the waiting list). */
  failed?: FailureText;
}

export interface FieldMapping {
  /** The fields this form shows (by the form's names): a server error on another field joins the
   * form message. Absent: every field error goes to its field. */
  fields?: readonly string[];
  /** The server's name of a field -> the form's, where they differ ('allocations[0].amountCents' -> 'amount'). */
  serverFields?: Record<string, string>;
}

export interface Failure {
  fields: FieldErrors;
  message: string | null;
}

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

const say = (text: FailureText, error: unknown) => (typeof text === 'function' ? text(error) : text);

/** Field errors no field shows, as one sentence each: the server words most of them after the
 * field's name ('is required'), so those say the name ('reference: is required'). */
export const namedFieldMessages = (fields: FieldErrors): string | null =>
  Object.entries(fields)
    .map(([field, message]) => (/^[A-Z]/.test(message) ? message : `${field}: ${message}`))
    .join(' ') || null;

function statusText(error: ApiError, texts: FailureTexts): FailureText | undefined {
  if (error.status === 0) return texts.network;
  if (error.status === 401) return texts.unauthorized;
  if (error.status === 403) return texts.forbidden;
  if (error.status === 409) return texts.conflict;
  if (error.status >= 500) return texts.server;
  return undefined;
}

/** What a form shows for `error`. */
export function describeFailure(error: unknown, texts: FailureTexts = {}, mapping: FieldMapping = {}): Failure {
  if (!(error instanceof ApiError)) return { fields: {}, message: say(texts.failed ?? texts.other ?? SOMETHING_WENT_WRONG, error) };
  const shown: FieldErrors = {};
  const unshown: FieldErrors = {};
  for (const [serverName, message] of Object.entries(error.fields ?? {})) {
    const name = mapping.serverFields?.[serverName] ?? serverName;
    if (!mapping.fields || mapping.fields.includes(name)) shown[name] ??= message;
    else unshown[serverName] = message;
  }
  const byStatus = statusText(error, texts);
  const fixed = texts.failed ?? byStatus;
  if (fixed !== undefined) return { fields: shown, message: say(fixed, error) };
  if (Object.keys(shown).length > 0) return { fields: shown, message: texts.invalid !== undefined ? say(texts.invalid, error) : namedFieldMessages(unshown) };
  return { fields: shown, message: namedFieldMessages(unshown) ?? error.message };
}
