// The login screen's flow as a reducer: which step is on screen (sign in, the email code of an
// unconfirmed account, forgot password, the new password, the return from Google), what the
// visitor typed that several steps share (username, password, Remember me), and the step's note
// or error. Each step is a component of its own (this folder); they change steps by dispatching.

export type LoginStep = 'signIn' | 'confirm' | 'forgot' | 'reset' | 'google';

export interface LoginState {
  step: LoginStep;
  username: string;
  password: string;
  remember: boolean;
  /** What happened, e.g. where a code was sent (a status line). */
  note: string | null;
  error: string | null;
  /** Signed in and on the way out: the screen must not switch to "You are signed in" meanwhile. */
  leaving: boolean;
}

export type LoginAction =
  | { type: 'edit'; field: 'username' | 'password'; value: string }
  | { type: 'remember'; value: boolean }
  | { type: 'go'; step: LoginStep; note?: string | null }
  | { type: 'failed'; error: string }
  | { type: 'noted'; note: string }
  | { type: 'passwordChanged'; note: string }
  | { type: 'leaving' };

export const GOOGLE_FAILED = 'Google sign-in was cancelled or failed. Please try again.';

/** The first state: the Google return when the URL carries ?code=&state=, its failure when ?error=. */
export function initialLoginState(params: URLSearchParams): LoginState {
  return {
    step: params.get('code') && params.get('state') ? 'google' : 'signIn',
    username: '',
    password: '',
    remember: false,
    note: null,
    error: params.get('error') ? GOOGLE_FAILED : null,
    leaving: false,
  };
}

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'edit':
      return { ...state, [action.field]: action.value };
    case 'remember':
      return { ...state, remember: action.value };
    case 'go':
      return { ...state, step: action.step, note: action.note ?? null, error: null };
    case 'failed':
      return { ...state, error: action.error, note: null, leaving: false };
    case 'noted':
      return { ...state, note: action.note, error: null };
    case 'passwordChanged':
      return { ...state, step: 'signIn', password: '', note: action.note, error: null };
    case 'leaving':
      return { ...state, leaving: true, error: null };
  }
}
