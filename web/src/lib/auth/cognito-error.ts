// The one error type of the sign-in code (Cognito's __type, or our own reasons), in a module of
// its own so the session store can recognise it without loading the Cognito calls.

export class CognitoError extends Error {
  constructor(
    /** Cognito's __type, e.g. NotAuthorizedException; 'NetworkError' when the call never arrived. */
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'CognitoError';
  }
}
