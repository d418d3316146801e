// The athlete-profile form's rules and its submit (a mutation). Saving arrives with the onboarding
// screens (the API's profile requests); until then the submit only logs.
import useSWRMutation from 'swr/mutation';

export const PROFILE_SPORTS: Array<{ value: string; label: string }> = [
  { value: 'Football', label: 'Football' },
  { value: 'Basketball', label: 'Basketball' },
  { value: 'Baseball', label: 'Baseball' },
  { value: 'Track', label: 'Track & Field' },
  { value: 'Soccer', label: 'Soccer' },
];

export interface ProfileValues {
  name: string;
  sport: string;
  school: string;
  position: string;
  bio: string;
  profileImage: File | null;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required.';
  if (!values.sport) errors.sport = 'Sport is required.';
  if (!values.school.trim()) errors.school = 'School is required.';
  if (!values.position.trim()) errors.position = 'Position is required.';
  if (values.profileImage && !values.profileImage.type.startsWith('image/')) errors.profileImage = 'Please choose an image file.';
  return errors;
}

export async function submitProfile(values: ProfileValues): Promise<void> {
  console.info('Create athlete profile', { ...values, profileImage: values.profileImage?.name ?? null });
}

export function useCreateProfile() {
  return useSWRMutation('profile:create', (_key: string, { arg }: { arg: ProfileValues }) => submitProfile(arg));
}
