// Collective sign-up's contract (lambdas/onboarding/collective-applications.ts, the operator's
// console): an application (the organisation, its school, the terms accepted), its review by an
// operator, and the new collective's checklist. One validator for the /collectives/join form and
// the server, so both say the same thing about each field.
import type { FieldErrors, Validated } from '../catalog/admin-api';
import { NAME_MAX, textOf } from '../catalog/admin-api';
import type { SchoolColors } from '../catalog/catalog-types';
import { isUploadedImageUrl } from '../cards/cards-api';
import { isValidEmail, type Page } from '../platform/http-api';
import { forbiddenCharacter } from '../platform/text';
import { COLLECTIVE_TERMS_VERSION } from './collective-terms';
import { stateCodeOf, stateError } from '../catalog/us-states';

export const LEGAL_NAME_MAX = 120;
export const WEBSITE_MAX = 200;
export const PHONE_MAX = 30;
export const DECLINE_REASON_MAX = 500;

export type ApplicationState = 'pending' | 'approved' | 'declined';
export const APPLICATION_STATES: readonly ApplicationState[] = ['pending', 'approved', 'declined'];

export interface Organisation {
  name: string;
  legalName: string;
  /** An https URL. */
  website: string;
  contactEmail: string;
  phone: string;
}

/** The school an application is for: one on Drift without a collective, or a new one. */
export type ApplicationSchool = { kind: 'existing'; schoolId: number } | { kind: 'new'; name: string; logo: string; colors: SchoolColors; state?: string };

/** The school choice as the form has it: one on Drift, a new one, or none chosen yet. */
export type SchoolKind = 'existing' | 'new' | '';

/** POST /api/collective-applications: the form's fields as they are (the field errors use these
 * names): the organisation's, the school's (a new school's colours among them) and the terms'. */
export interface CollectiveApplicationRequest extends Organisation, SchoolColors {
  schoolKind: SchoolKind;
  /** An existing school's id (schoolKind 'existing'). */
  schoolId: number | null;
  /** A new school (schoolKind 'new'): its name, uploaded logo and colours. */
  schoolName: string;
  schoolLogo: string;
  /** A new school's US state (USPS code): its state's NIL disclosure rule applies (issue 23). */
  schoolState?: string;
  acceptTerms: boolean;
  /** The terms version the page showed (COLLECTIVE_TERMS_VERSION). */
  termsVersion: string;
}

/** What a valid request holds. */
export interface CollectiveApplicationInput {
  organisation: Organisation;
  school: ApplicationSchool;
  termsVersion: string;
}

export interface CollectiveApplication {
  id: string;
  state: ApplicationState;
  organisation: Organisation;
  /** An existing school carries its name as it was when the application was made. */
  school: ({ kind: 'existing'; schoolId: number } | { kind: 'new'; logo: string; colors: SchoolColors; state?: string }) & { name: string };
  termsVersion: string;
  submittedAt: string;
  /** The applicant's account (its user name and verified email). */
  submittedBy: { username: string; email: string };
  decidedAt: string | null;
  /** The operator who approved or declined it (user name). */
  decidedBy: string | null;
  declineReason: string | null;
  /** Approved: the collective created for it, and its school (the new school's id). */
  collectiveId: number | null;
  schoolId: number | null;
  /** Approved: whether the applicant's account carries the collective yet (false after a failed link). */
  linked: boolean;
}

/** An application's decision fields before an operator decides it. */
export const UNDECIDED = {
  decidedAt: null,
  decidedBy: null,
  declineReason: null,
  collectiveId: null,
  schoolId: null,
  linked: false,
} as const satisfies Pick<CollectiveApplication, 'decidedAt' | 'decidedBy' | 'declineReason' | 'collectiveId' | 'schoolId' | 'linked'>;

/** GET /api/collective-applications/mine */
export interface MyApplicationResponse {
  application: CollectiveApplication | null;
}

/** GET /api/collective-applications/schools: the schools on Drift without a collective. */
export interface ApplicationSchoolsResponse {
  items: Array<{ id: number; name: string; logo: string }>;
}

/** GET /api/operator/applications?status=&limit=&cursor=: newest first. */
export type ApplicationsResponse = Page<CollectiveApplication>;

/** POST /api/operator/applications/{applicationId}/decline */
export interface DeclineApplicationRequest {
  reason: string;
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
const COLOR_LABELS: Record<keyof SchoolColors, string> = { primary: 'Primary colour', secondary: 'Secondary colour', accent: 'Accent colour' };

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** An https address with a dotted host, no credentials: what the operator will open. */
export function websiteError(value: string): string | null {
  if (!value) return 'Website is required';
  if (value.length > WEBSITE_MAX) return `Website must be at most ${WEBSITE_MAX} characters`;
  const bad = 'Website must be an https:// address, like https://example.org';
  if (!/^https:\/\/\S+$/i.test(value) || forbiddenCharacter(value)) return bad;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username || url.password || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)) return bad;
  } catch {
    return bad;
  }
  return null;
}

/** Digits with spaces, dashes, dots, brackets and a leading +; 7 to 15 digits. */
export function phoneError(value: string): string | null {
  if (!value) return 'Phone is required';
  if (value.length > PHONE_MAX) return `Phone must be at most ${PHONE_MAX} characters`;
  const digits = value.replace(/\D/g, '').length;
  if (!/^\+?[0-9 ().-]+$/.test(value) || digits < 7 || digits > 15) return 'Phone must be a phone number, like +1 555 010 0199';
  return null;
}

export function validateCollectiveApplication(body: Partial<Record<keyof CollectiveApplicationRequest, unknown>>): Validated<CollectiveApplicationInput> {
  const errors: FieldErrors = {};
  const name = textOf(body.name, 'name', errors, 'Organisation name', NAME_MAX);
  const legalName = textOf(body.legalName, 'legalName', errors, 'Legal name', LEGAL_NAME_MAX);
  const website = str(body.website);
  const websiteProblem = websiteError(website);
  if (websiteProblem) errors.website = websiteProblem;
  const contactEmail = str(body.contactEmail).toLowerCase();
  if (!contactEmail) errors.contactEmail = 'Contact email is required';
  else if (!isValidEmail(contactEmail)) errors.contactEmail = 'Contact email must be a valid email address';
  const phone = str(body.phone);
  const phoneProblem = phoneError(phone);
  if (phoneProblem) errors.phone = phoneProblem;

  let school: ApplicationSchool = { kind: 'existing', schoolId: 0 };
  if (body.schoolKind === 'existing') {
    const schoolId = body.schoolId;
    if (typeof schoolId !== 'number' || !Number.isSafeInteger(schoolId) || schoolId < 1) errors.schoolId = 'School: choose your school from the list';
    else school = { kind: 'existing', schoolId };
  } else if (body.schoolKind === 'new') {
    const schoolName = textOf(body.schoolName, 'schoolName', errors, 'School name', NAME_MAX);
    const logo = str(body.schoolLogo);
    if (!logo) errors.schoolLogo = 'School logo: upload a PNG, JPG or GIF';
    else if (!isUploadedImageUrl(logo)) errors.schoolLogo = 'School logo must be an uploaded PNG, JPG or GIF';
    const colors = {} as SchoolColors;
    for (const key of Object.keys(COLOR_LABELS) as Array<keyof SchoolColors>) {
      const value = str(body[key]);
      if (!HEX.test(value)) errors[key] = `${COLOR_LABELS[key]} must be a colour like #C4161C`;
      colors[key] = value.toUpperCase();
    }
    const stateProblem = stateError(body.schoolState, true);
    if (stateProblem) errors.schoolState = `School state: ${stateProblem.charAt(0).toLowerCase()}${stateProblem.slice(1)}`;
    school = { kind: 'new', name: schoolName, logo, colors, state: stateCodeOf(body.schoolState) ?? '' };
  } else errors.schoolKind = 'School: choose your school, or add a new one';

  if (body.acceptTerms !== true) errors.acceptTerms = 'Terms: read and accept the terms to apply';
  else if (body.termsVersion !== COLLECTIVE_TERMS_VERSION) errors.acceptTerms = 'Terms: they changed since this page opened; read them again and accept';

  return { value: { organisation: { name, legalName, website, contactEmail, phone }, school, termsVersion: COLLECTIVE_TERMS_VERSION }, errors };
}

export function validateDecline(body: Record<string, unknown>): Validated<DeclineApplicationRequest> {
  const errors: FieldErrors = {};
  const reason = textOf(body.reason, 'reason', errors, 'Reason', DECLINE_REASON_MAX, true, true);
  return { value: { reason }, errors };
}

// ---- the new collective's checklist ----------------------------------------------------------------

/** The first steps of a new collective, in the order the dashboard lists them. */
export type ChecklistStep = 'payouts' | 'colors' | 'invite' | 'card' | 'drop';
export const CHECKLIST_STEPS: readonly ChecklistStep[] = ['payouts', 'colors', 'invite', 'card', 'drop'];

/** GET /api/collectives/{id}/checklist (owner). */
export interface ChecklistResponse {
  steps: Array<{ id: ChecklistStep; done: boolean }>;
  /** A collective that signed up on Drift, has a step left and has not dismissed the checklist. */
  show: boolean;
  dismissedAt: string | null;
}
