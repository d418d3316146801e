// /collectives/join's data: the schools an application can name (GET
// /api/collective-applications/schools: on Drift, without a collective), the signed-in account's
// application and its state (GET /api/collective-applications/mine) and the submit: a new school's
// logo goes up first (lib/upload-image.ts), then POST /api/collective-applications with the
// submission's idempotency key. The form's rules are the server's (validateCollectiveApplication).
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { checkImageFile } from '@shared/catalog/admin-api';
import type { SchoolColors } from '@shared/catalog/catalog-types';
import {
  validateCollectiveApplication,
  type ApplicationSchoolsResponse,
  type CollectiveApplication,
  type CollectiveApplicationRequest,
  type MyApplicationResponse,
  type Organisation,
  type SchoolKind,
} from '@shared/onboarding/collective-signup-api';
import { COLLECTIVE_TERMS_VERSION } from '@shared/onboarding/collective-terms';
import { apiFetch, apiSendOnce } from '@/lib/api-client';
import { uploadImage } from '@/lib/upload-image';

/** The form's values: the request's, but for the school as the select holds it and the logo's file. */
export interface ApplicationValues extends Organisation, SchoolColors {
  schoolKind: SchoolKind;
  /** The chosen school's id, as the select holds it. */
  school: string;
  schoolName: string;
  /** A new school's logo file, to upload on submit. */
  schoolLogo: File | null;
  /** A new school's US state (USPS code). */
  schoolState: string;
  acceptTerms: boolean;
}

export const EMPTY_APPLICATION: ApplicationValues = {
  name: '',
  legalName: '',
  website: '',
  contactEmail: '',
  phone: '',
  schoolKind: '',
  school: '',
  schoolName: '',
  schoolLogo: null,
  schoolState: '',
  primary: '#0A3161',
  secondary: '#FFFFFF',
  accent: '#C4161C',
  acceptTerms: false,
};

/** The server's field names that are not the form's (the upload's refusal is the logo's). */
export const SERVER_FIELDS: Record<string, keyof ApplicationValues> = { schoolId: 'school', image: 'schoolLogo' };

/** A well-formed uploaded-image path: stands for a chosen file while the validator checks the rest. */
const CHOSEN_FILE = '/uploads/00000000-0000-0000-0000-000000000000.png';

export const requestBody = (values: ApplicationValues, logo: string): CollectiveApplicationRequest => ({
  name: values.name,
  legalName: values.legalName,
  website: values.website,
  contactEmail: values.contactEmail,
  phone: values.phone,
  schoolKind: values.schoolKind,
  schoolId: values.schoolKind === 'existing' && values.school ? Number(values.school) : null,
  schoolName: values.schoolName,
  schoolLogo: logo,
  ...(values.schoolKind === 'new' ? { schoolState: values.schoolState } : {}),
  primary: values.primary,
  secondary: values.secondary,
  accent: values.accent,
  acceptTerms: values.acceptTerms,
  termsVersion: COLLECTIVE_TERMS_VERSION,
});

/** The shared validator's errors on the form's fields; the logo file is checked here (type, size). */
export function validateApplication(values: ApplicationValues): Partial<Record<keyof ApplicationValues, string>> {
  const errors: Partial<Record<keyof ApplicationValues, string>> = {};
  for (const [field, message] of Object.entries(validateCollectiveApplication(requestBody(values, values.schoolLogo ? CHOSEN_FILE : '')).errors))
    errors[SERVER_FIELDS[field] ?? (field as keyof ApplicationValues)] = message;
  if (values.schoolKind === 'new' && values.schoolLogo) {
    const problem = values.schoolLogo.type.startsWith('image/') ? checkImageFile(values.schoolLogo) : 'School logo: choose a PNG, JPG or GIF image';
    if (problem) errors.schoolLogo = problem;
  }
  return errors;
}

export const SCHOOLS_KEY = '/collective-applications/schools';
export const MY_APPLICATION_KEY = '/collective-applications/mine';

export function useApplicationSchools(signedIn: boolean) {
  return useSWR<ApplicationSchoolsResponse>(signedIn ? SCHOOLS_KEY : null, (path: string) => apiFetch<ApplicationSchoolsResponse>(path));
}

/** The account's application (null key: signed out). */
export function useMyApplication(signedIn: boolean) {
  return useSWR<MyApplicationResponse>(signedIn ? MY_APPLICATION_KEY : null, (path: string) => apiFetch<MyApplicationResponse>(path));
}

/** Uploads the logo (a new school) and sends the application; the answer becomes /mine's. */
export function useSubmitApplication() {
  return useSWRMutation(
    MY_APPLICATION_KEY,
    async (_key: string, { arg }: { arg: { values: ApplicationValues; idempotencyKey: string } }) => {
      const { values, idempotencyKey } = arg;
      const logo = values.schoolKind === 'new' && values.schoolLogo ? await uploadImage(values.schoolLogo) : '';
      const body = requestBody(values, logo);
      return apiSendOnce<CollectiveApplication>('/collective-applications', 'POST', { ...body }, idempotencyKey);
    },
    { populateCache: (application: CollectiveApplication): MyApplicationResponse => ({ application }), revalidate: false },
  );
}
