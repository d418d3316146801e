// The write API of the dashboards (collective settings, uploads): request/response shapes and the
// validation rules, shared so the server enforces them and the web forms show the same errors inline.
import type { Athlete, MemberStatus, MerchItem, School, SchoolColors } from './catalog-types';
import { forbiddenCharacterError } from '../platform/text';
import { SPORT_NAMES, canonicalSport } from './sports';
import { stateCodeOf, stateError } from './us-states';

/** Sports an athlete profile may have: the one sport list (shared/catalog/sports.ts), whose first
 * five are the spec's profile options (SPEC section 5; 'Track' is shown as Track & Field). */
export const PROFILE_SPORTS: readonly string[] = SPORT_NAMES;
export const MEMBER_STATUSES: readonly MemberStatus[] = ['Active', 'Paused'];

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' } as const;
export type UploadContentType = keyof typeof UPLOAD_CONTENT_TYPES;

export const NAME_MAX = 80;
export const SHORT_TEXT_MAX = 40;
export const BIO_MAX = 1000;
export const IMAGE_URL_MAX = 500;
export const MERCH_PRICE_MAX_CENTS = 100_000_00;

/** PUT /api/collectives/{id}/athletes/{athleteId}: any subset of these fields. */
export interface UpdateMemberRequest {
  name?: string;
  sport?: string;
  position?: string;
  number?: string;
  status?: MemberStatus;
  /** The start of the athlete's eligibility (YYYY-MM-DD; NIL Go counts from it). */
  eligibilityStart?: string;
}

/** POST /api/collectives/{id}/athletes */
export interface CreateAthleteRequest {
  name: string;
  sport: string;
  position: string;
  number: string;
  bio?: string;
  image?: string;
}
export type AthleteResponse = Athlete;

/** POST /api/uploads */
export interface UploadRequest {
  contentType: string;
  size: number;
}
export interface UploadResponse {
  uploadUrl: string;
  method: 'PUT';
  /** Headers the PUT must carry (the signature covers them in AWS). */
  headers: Record<string, string>;
  /** Where the image is served once uploaded (same origin). */
  imageUrl: string;
}

/** PUT /api/schools/{id}/colors */
export type SchoolColorsRequest = SchoolColors;
export type SchoolResponse = School;

/** POST /api/schools/{id}/merch and PUT /api/schools/{id}/merch/{merchId} */
export interface MerchRequest {
  name: string;
  priceCents: number;
  image: string;
}
export type MerchResponse = MerchItem;

export type FieldErrors = Record<string, string>;

export interface Validated<T> {
  value: T;
  errors: FieldErrors;
}

/** A trimmed text field: required or optional, at most `max` characters, one line of visible text
 * unless `multiline` (shared/platform/text.ts forbiddenCharacter); the error names `label`. */
export function text(
  input: unknown,
  field: string,
  errors: FieldErrors,
  opts: { required: boolean; max: number; label: string; multiline?: boolean },
): string | undefined {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '' && !opts.required)) {
    if (opts.required) errors[field] = `${opts.label} is required`;
    return undefined;
  }
  if (typeof input !== 'string') {
    errors[field] = `${opts.label} must be text`;
    return undefined;
  }
  const value = input.trim();
  const forbidden = forbiddenCharacterError(value, opts.label, { multiline: opts.multiline });
  if (value === '') errors[field] = `${opts.label} is required`;
  else if (forbidden) errors[field] = forbidden;
  else if (value.length > opts.max) errors[field] = `${opts.label} must be at most ${opts.max} characters`;
  return value;
}

/** `text` for a field that is there or reported: the value, or '' with the field's error. */
export function textOf(input: unknown, field: string, errors: FieldErrors, label: string, max: number, required = true, multiline = false): string {
  return text(input, field, errors, { required, max, label, multiline }) ?? '';
}

/** Player numbers are jersey numbers: 0 to 999 written as digits. */
function playerNumber(input: unknown, errors: FieldErrors, required: boolean): string | undefined {
  if (input === undefined || input === null) {
    if (required) errors.number = 'Player number is required';
    return undefined;
  }
  const value = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : null;
  if (value === null || value === '') errors.number = 'Player number is required';
  else if (!/^\d{1,3}$/.test(value)) errors.number = 'Player number must be 0 to 999';
  return value ?? undefined;
}

/** Image URLs are same-origin paths (uploads, bundled images) or https URLs. */
export function isImageUrl(value: string): boolean {
  if (value.length > IMAGE_URL_MAX) return false;
  if (/^\/(?!\/)[\w\-./%]+$/.test(value)) return !value.includes('..');
  return /^https:\/\/[^\s"'<>]+$/.test(value);
}

function imageUrl(input: unknown, errors: FieldErrors, required: boolean): string | undefined {
  if (input === undefined || input === null || input === '') {
    if (required) errors.image = 'Image is required';
    return undefined;
  }
  if (typeof input !== 'string' || !isImageUrl(input.trim())) {
    errors.image = 'Image must be an uploaded image or an https URL';
    return undefined;
  }
  return input.trim();
}

/** A sport from the list, written any way it knows ('Track & Field', 'track'), stored by its name;
 * `current` (an athlete's stored value the list lacks) stays allowed as it is. */
export function checkSport(input: unknown, errors: FieldErrors, required: boolean, current?: string): string | undefined {
  if (input === undefined || input === null || input === '') {
    if (required) errors.sport = 'Sport is required';
    return undefined;
  }
  if (typeof input === 'string' && current !== undefined && input === current) return input;
  const name = typeof input === 'string' ? canonicalSport(input) : null;
  if (name === null) {
    errors.sport = 'Choose a sport from the list';
    return undefined;
  }
  return name;
}

export function validateCreateAthlete(body: Record<string, unknown>): Validated<CreateAthleteRequest> {
  const errors: FieldErrors = {};
  const value: CreateAthleteRequest = {
    name: text(body.name, 'name', errors, { required: true, max: NAME_MAX, label: 'Name' }) ?? '',
    sport: checkSport(body.sport, errors, true) ?? '',
    position: text(body.position, 'position', errors, { required: true, max: SHORT_TEXT_MAX, label: 'Position' }) ?? '',
    number: playerNumber(body.number, errors, true) ?? '',
  };
  const bio = text(body.bio, 'bio', errors, { required: false, max: BIO_MAX, label: 'Bio', multiline: true });
  if (bio) value.bio = bio;
  const image = imageUrl(body.image, errors, false);
  if (image) value.image = image;
  return { value, errors };
}

/** Edits: only the fields given are checked; at least one is required. The athlete's current sport stays allowed. */
export function validateUpdateMember(body: Record<string, unknown>, currentSport?: string): Validated<UpdateMemberRequest> {
  const errors: FieldErrors = {};
  const value: UpdateMemberRequest = {};
  if (body.name !== undefined) value.name = text(body.name, 'name', errors, { required: true, max: NAME_MAX, label: 'Name' });
  if (body.position !== undefined) value.position = text(body.position, 'position', errors, { required: true, max: SHORT_TEXT_MAX, label: 'Position' });
  if (body.number !== undefined) value.number = playerNumber(body.number, errors, true);
  if (body.sport !== undefined) value.sport = checkSport(body.sport, errors, true, currentSport);
  if (body.status !== undefined) {
    if (typeof body.status === 'string' && (MEMBER_STATUSES as readonly string[]).includes(body.status)) value.status = body.status as MemberStatus;
    else errors.status = 'Status must be Active or Paused';
  }
  if (body.eligibilityStart !== undefined) {
    const error = eligibilityStartError(body.eligibilityStart, new Date().toISOString().slice(0, 10));
    if (error) errors.eligibilityStart = error;
    else value.eligibilityStart = String(body.eligibilityStart).trim();
  }
  if (Object.keys(value).length === 0 && Object.keys(errors).length === 0)
    errors.body = 'Give at least one of name, sport, position, number, status, eligibilityStart';
  return { value, errors };
}

export function validateUpload(body: Record<string, unknown>): Validated<{ contentType: UploadContentType; size: number }> {
  const errors: FieldErrors = {};
  const contentType = body.contentType;
  if (typeof contentType !== 'string' || !(contentType in UPLOAD_CONTENT_TYPES)) errors.contentType = 'Only PNG, JPG or GIF images can be uploaded';
  const size = body.size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) errors.size = 'The file is empty or its size is unknown';
  else if (size > UPLOAD_MAX_BYTES) errors.size = 'The image must be 10MB or smaller';
  return { value: { contentType: contentType as UploadContentType, size: size as number }, errors };
}

/** The same checks on a File before asking for an upload URL. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  const { errors } = validateUpload({ contentType: file.type, size: file.size });
  return errors.contentType ?? errors.size ?? null;
}

const HEX = /^#[0-9A-Fa-f]{6}$/;

export function validateSchoolColors(body: Record<string, unknown>): Validated<SchoolColors> {
  const errors: FieldErrors = {};
  const pick = (field: keyof SchoolColors) => {
    const v = body[field];
    if (typeof v !== 'string' || !HEX.test(v)) {
      errors[field] = 'Use a colour like #C4161C';
      return '';
    }
    return v.toUpperCase();
  };
  return { value: { primary: pick('primary'), secondary: pick('secondary'), accent: pick('accent') }, errors };
}

export function validateMerch(body: Record<string, unknown>): Validated<MerchRequest> {
  const errors: FieldErrors = {};
  const name = text(body.name, 'name', errors, { required: true, max: NAME_MAX, label: 'Name' }) ?? '';
  const price = body.priceCents;
  if (typeof price !== 'number' || !Number.isInteger(price) || price <= 0) errors.priceCents = 'Price must be more than $0.00';
  else if (price > MERCH_PRICE_MAX_CENTS) errors.priceCents = 'Price is too high';
  const image = imageUrl(body.image, errors, true) ?? '';
  return { value: { name, priceCents: typeof price === 'number' ? price : 0, image }, errors };
}

/** The earliest eligibility start accepted (NIL compensation was allowed from 1 July 2021). */
export const EARLIEST_ELIGIBILITY_START = '2021-07-01';

/** An eligibility start: a real day (YYYY-MM-DD), not before 1 July 2021 and not in the future. */
export function eligibilityStartError(value: unknown, today: string): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  const t = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00.000Z`) : NaN;
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== text) return 'Eligibility start must be a date (YYYY-MM-DD)';
  if (text < EARLIEST_ELIGIBILITY_START) return 'Eligibility start cannot be before 2021-07-01, when NIL compensation began';
  if (text > today) return 'Eligibility start cannot be in the future';
  return null;
}

/** PUT /api/schools/{id}/state {state}: the US state the school is in (USPS code). */
export function validateSchoolState(body: Record<string, unknown>): Validated<{ state: string }> {
  const error = stateError(body.state, true);
  return { value: { state: stateCodeOf(body.state) ?? '' }, errors: error ? { state: error } : {} };
}
