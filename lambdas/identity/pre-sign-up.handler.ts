// Cognito's pre sign-up trigger: the age screen, enforced where the account is made (issue 23). In
// AWS the browser calls Cognito's SignUp itself, so the check cannot live in the web app alone;
// local mode's Cognito stand-in (scripts/local/cognito.ts) calls this same module, as Cognito does.
//
// A sign-up through the app (PreSignUp_SignUp) carries the date of birth in its ValidationData,
// which Cognito passes to this trigger and never stores. Under 13 (or no usable date) the sign-up is
// refused: Cognito then keeps nothing, this function logs nothing (the error it throws names no one
// and carries no date), and nothing is written to the table. Otherwise the sign-up's immutable
// `custom:ageBand` attribute, the only trace of the answer, must equal the band the date gives
// (shared/platform/age.ts), so a hand-made request cannot call a 12-year-old an adult or a minor
// an adult.
// Accounts an administrator creates (the demo accounts) are not screened, and a Google account
// (PreSignUp_ExternalProvider) cannot carry a date: it answers the same question before its account
// is usable (the account function's PUT /api/me/age).
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { AGE_BAND_ATTRIBUTE, BIRTH_DATE_FIELD, NOT_ELIGIBLE, screenAge } from '#shared/platform/age';

/** What the caller reads when the band it sent does not match the date (never a real visitor). */
const BAND_MISMATCH = 'The sign-up could not be checked. Please try again from the sign-up page.';

export async function handler(event: PreSignUpTriggerEvent, now: () => number = Date.now): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const screen = screenAge(event.request.validationData?.[BIRTH_DATE_FIELD], now());
  // Thrown errors reach the caller as UserLambdaValidationException ("PreSignUp failed with error ...").
  if (!screen.allowed) throw new Error(screen.reason === 'under13' ? NOT_ELIGIBLE : screen.message);
  if (event.request.userAttributes[AGE_BAND_ATTRIBUTE] !== screen.band) throw new Error(BAND_MISMATCH);
  return event;
}
