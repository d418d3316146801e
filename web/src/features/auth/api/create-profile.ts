// /create-profile's data: the schools a request can go to (GET /api/profile-requests/schools), the
// signed-in account's request and its status (GET /api/profile-requests/mine), and the submit: the
// image goes up first (lib/upload-image.ts: POST /api/uploads, then the signed PUT), then POST /api/profile-requests.
// The form's rules are the server's (validateProfileRequest in shared/cards/cards-api.ts).
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { checkImageFile } from '@shared/catalog/admin-api';
import { sportOptions } from '@shared/catalog/sports';
import { validateProfileRequest, type MyProfileRequestResponse, type ProfileRequest, type ProfileRequestInput } from '@shared/onboarding/onboarding-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { uploadImage } from '@/lib/upload-image';

/** The one sport list (shared/catalog/sports.ts), by display name. */
export const PROFILE_SPORTS: Array<{ value: string; label: string }> = sportOptions();

export interface ProfileValues {
  name: string;
  sport: string;
  /** The chosen school's id, as the select holds it. */
  school: string;
  position: string;
  bio: string;
  profileImage: File | null;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The server's field names that are not the form's. */
export const SERVER_FIELDS: Record<string, keyof ProfileValues> = { schoolId: 'school', image: 'profileImage' };

/** The shared validator's errors on the form's fields. */
function formErrors(fields: Record<string, string>): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const [field, message] of Object.entries(fields)) errors[SERVER_FIELDS[field] ?? (field as keyof ProfileValues)] = message;
  return errors;
}

export const requestBody = (values: ProfileValues, image: string | null): Record<string, unknown> => ({
  name: values.name,
  sport: values.sport,
  schoolId: values.school ? Number(values.school) : null,
  position: values.position,
  bio: values.bio,
  image,
});

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors = formErrors(validateProfileRequest(requestBody(values, null)).errors);
  if (values.profileImage) {
    if (!values.profileImage.type.startsWith('image/')) errors.profileImage = 'Please choose an image file.';
    else {
      const problem = checkImageFile(values.profileImage);
      if (problem) errors.profileImage = problem;
    }
  }
  return errors;
}

export const SCHOOLS_KEY = '/profile-requests/schools';
export const MY_REQUEST_KEY = '/profile-requests/mine';

export interface ProfileSchoolsResponse {
  items: Array<{ id: number; name: string }>;
}

export function useProfileSchools() {
  return useSWR<ProfileSchoolsResponse>(SCHOOLS_KEY, (path: string) => apiFetch<ProfileSchoolsResponse>(path));
}

/** The account's request (null key: signed out). */
export function useMyProfileRequest(signedIn: boolean) {
  return useSWR<MyProfileRequestResponse>(signedIn ? MY_REQUEST_KEY : null, (path: string) => apiFetch<MyProfileRequestResponse>(path));
}

/** Sends the request; `image` is an uploaded image already kept from an earlier attempt. */
export async function submitProfile(values: ProfileValues, image: string | null): Promise<ProfileRequest> {
  const url = values.profileImage ? await uploadImage(values.profileImage) : image;
  const { value } = validateProfileRequest(requestBody(values, url));
  return apiSend<ProfileRequest>('/profile-requests', 'POST', value satisfies ProfileRequestInput);
}

/** The stored request becomes the cached answer of /profile-requests/mine. */
export function useCreateProfile() {
  return useSWRMutation(
    MY_REQUEST_KEY,
    (_key: string, { arg }: { arg: { values: ProfileValues; image: string | null } }) => submitProfile(arg.values, arg.image),
    {
      populateCache: (request: ProfileRequest): MyProfileRequestResponse => ({ request }),
      revalidate: false,
    },
  );
}
