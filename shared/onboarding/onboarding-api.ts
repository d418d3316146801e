// Onboarding's contract (lambdas/onboarding): the waiting list, invites and profile requests, with their validation rules.
import type { FieldErrors, Validated } from '../catalog/admin-api';
import { checkSport, textOf } from '../catalog/admin-api';
import { isValidEmail } from '../platform/http-api';
import { isUploadedImageUrl } from '../cards/cards-api';
import type { AthleteSummary } from '../catalog/catalog-types';
import { forbiddenCharacterError } from '../platform/text';

/** Invites expire after two weeks. */
export const INVITE_DAYS = 14;

// ---- Onboarding ----------------------------------------------------------------------------------

export type InviteState = 'open' | 'claimed' | 'revoked' | 'expired';

/** POST /api/collectives/{id}/invites */
export interface InviteRequest {
  athleteId: number;
  email: string;
}

export interface Invite {
  /** The invite's public id (a hash prefix; the code itself is shown once). */
  id: string;
  athleteId: number;
  athleteName: string;
  email: string;
  state: InviteState;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  claimedAt: string | null;
}

/** The answer to creating an invite: the only time the code is shown. */
export interface CreatedInvite extends Invite {
  code: string;
  /** The claim page's path, with the code (/claim/{code}). */
  claimPath: string;
}

export interface InvitesResponse {
  items: Invite[];
}

/** GET /api/invites/{code} (signed in): what the invite is for. */
export interface InvitePreview {
  athlete: AthleteSummary;
  collectiveName: string;
  /** The invited address, masked (j***@example.com). */
  email: string;
  state: InviteState;
  expiresAt: string;
}

/** POST /api/invites/{code}/claim */
export interface ClaimResponse {
  athleteId: number;
}

export type ProfileRequestState = 'pending' | 'accepted' | 'declined';

/** POST /api/profile-requests (signed in): the /create-profile form. */
export interface ProfileRequestInput {
  name: string;
  sport: string;
  schoolId: number;
  position: string;
  bio: string;
  image: string | null;
}

export interface ProfileRequest extends ProfileRequestInput {
  id: string;
  schoolName: string;
  state: ProfileRequestState;
  createdAt: string;
  /** The requester's email (collective owner routes and the requester only). */
  email: string;
  decidedAt: string | null;
  declineReason: string | null;
  /** The athlete created on acceptance. */
  athleteId: number | null;
}

/** GET /api/profile-requests/mine */
export interface MyProfileRequestResponse {
  request: ProfileRequest | null;
}

/** GET /api/collectives/{id}/profile-requests */
export interface ProfileRequestsResponse {
  items: ProfileRequest[];
}

/** POST /api/collectives/{id}/profile-requests/{requestId}/accept: the jersey number completes the profile. */
export interface AcceptProfileRequest {
  number: string;
}

export interface DeclineProfileRequest {
  reason?: string;
}

export function validateInvite(body: Record<string, unknown>): Validated<InviteRequest> {
  const errors: FieldErrors = {};
  const athleteId = body.athleteId;
  if (typeof athleteId !== 'number' || !Number.isSafeInteger(athleteId) || athleteId < 1) errors.athleteId = 'Choose the athlete to invite';
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) errors.email = 'Email is required';
  else if (!isValidEmail(email)) errors.email = 'Enter a valid email address';
  return { value: { athleteId: Number(athleteId), email }, errors };
}

export function validateProfileRequest(body: Record<string, unknown>): Validated<ProfileRequestInput> {
  const errors: FieldErrors = {};
  const name = textOf(body.name, 'name', errors, 'Name', 80);
  const sport = checkSport(body.sport, errors, true) ?? '';
  const schoolId = body.schoolId;
  if (typeof schoolId !== 'number' || !Number.isSafeInteger(schoolId) || schoolId < 1) errors.schoolId = 'Choose your school';
  const position = textOf(body.position, 'position', errors, 'Position', 40);
  const bio = textOf(body.bio, 'bio', errors, 'Bio', 1000, false, true);
  let image: string | null = null;
  if (body.image !== undefined && body.image !== null && body.image !== '') {
    if (typeof body.image !== 'string' || !isUploadedImageUrl(body.image.trim())) errors.image = 'The profile image must be an uploaded PNG, JPG or GIF';
    else image = body.image.trim();
  }
  return { value: { name, sport, schoolId: Number(schoolId), position, bio, image }, errors };
}

export function validateAccept(body: Record<string, unknown>): Validated<AcceptProfileRequest> {
  const errors: FieldErrors = {};
  const raw = typeof body.number === 'number' ? String(body.number) : typeof body.number === 'string' ? body.number.trim() : '';
  if (!raw) errors.number = 'Player number is required';
  else if (!/^\d{1,3}$/.test(raw)) errors.number = 'Player number must be 0 to 999';
  return { value: { number: raw }, errors };
}

/** 'j***@example.com': enough to recognise one's own address, not enough to learn someone's. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain ?? ''}`;
}

export interface WaitlistRequest {
  firstName: string;
  lastName: string;
  email: string;
  details?: string;
  school?: string;
}

export const WAITLIST_SCHOOLS = ['Duke', 'Florida State', 'Temple'] as const;

export type WaitlistErrors = Partial<Record<'firstName' | 'lastName' | 'email' | 'details' | 'school', string>>;

/** The waiting list's rules (SPEC section 5), for the form and POST /api/waitlist: first name, last
 * name and a valid email required, each one line of visible text; details optional (multi-line). */
export function validateWaitlist(values: Partial<Record<keyof WaitlistRequest, unknown>>): WaitlistErrors {
  const errors: WaitlistErrors = {};
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const [firstName, lastName, email, details, school] = [values.firstName, values.lastName, values.email, values.details, values.school].map(str);
  if (!firstName) errors.firstName = 'First name is required.';
  else if (firstName.length > 100) errors.firstName = 'First name must be at most 100 characters.';
  else errors.firstName = forbiddenCharacterError(firstName, 'First name') ?? undefined;
  if (!lastName) errors.lastName = 'Last name is required.';
  else if (lastName.length > 100) errors.lastName = 'Last name must be at most 100 characters.';
  else errors.lastName = forbiddenCharacterError(lastName, 'Last name') ?? undefined;
  if (!email) errors.email = 'Email is required.';
  else if (!isValidEmail(email)) errors.email = 'Please enter a valid email address.';
  if (details.length > 5000) errors.details = 'Details must be at most 5000 characters.';
  else errors.details = forbiddenCharacterError(details, 'Details', { multiline: true }) ?? undefined;
  if (school && !(WAITLIST_SCHOOLS as readonly string[]).includes(school)) errors.school = `School must be one of ${WAITLIST_SCHOOLS.join(', ')}`;
  for (const key of Object.keys(errors) as Array<keyof WaitlistErrors>) if (errors[key] === undefined) delete errors[key];
  return errors;
}
