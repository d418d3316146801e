// The age screen's part of a Cognito SignUp (issue 23): the date of birth in ValidationData (which
// the pre sign-up trigger reads and Cognito never stores) and the band it gives as the immutable
// custom:ageBand attribute. Tests that sign up an adult directly through the Cognito API use this.
export const ADULT_BIRTH_DATE = '1990-01-15';

/** The UserAttributes and ValidationData of an adult's sign-up with this email. */
export const adultSignUp = (email: string) => ({
  UserAttributes: [
    { Name: 'email', Value: email },
    { Name: 'custom:ageBand', Value: 'adult' },
  ],
  ValidationData: [{ Name: 'birthdate', Value: ADULT_BIRTH_DATE }],
});
