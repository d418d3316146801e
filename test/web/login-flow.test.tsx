// The login screen's flow reducer: the steps it moves between and what each move keeps or clears.
import { GOOGLE_FAILED, initialLoginState, loginReducer, type LoginState } from '@/features/auth/components/login/login-flow';

const start = (query = '') => initialLoginState(new URLSearchParams(query));

describe('login flow', () => {
  it('starts on sign in, or on the Google return when the URL carries a code and a state', () => {
    expect(start().step).toBe('signIn');
    expect(start('code=abc&state=xyz').step).toBe('google');
    expect(start('code=abc').step).toBe('signIn');
  });

  it("starts with Google's failure when the hosted UI sent an error back", () => {
    expect(start('error=access_denied').error).toBe(GOOGLE_FAILED);
    expect(start().error).toBeNull();
  });

  it('keeps what was typed across steps and clears the error (and the note unless given) on a step change', () => {
    let state: LoginState = start();
    state = loginReducer(state, { type: 'edit', field: 'username', value: 'athlete' });
    state = loginReducer(state, { type: 'edit', field: 'password', value: 'secret' });
    state = loginReducer(state, { type: 'failed', error: 'Invalid credentials' });
    state = loginReducer(state, { type: 'go', step: 'forgot' });
    expect(state).toMatchObject({ step: 'forgot', username: 'athlete', password: 'secret', error: null, note: null });
    state = loginReducer(state, { type: 'go', step: 'reset', note: 'We emailed you a code.' });
    expect(state).toMatchObject({ step: 'reset', note: 'We emailed you a code.' });
  });

  it('goes back to sign in without the old password once it has been changed', () => {
    let state: LoginState = { ...start(), step: 'reset', username: 'buyer', password: 'old' };
    state = loginReducer(state, { type: 'passwordChanged', note: 'Your password has been changed.' });
    expect(state).toMatchObject({ step: 'signIn', username: 'buyer', password: '', note: 'Your password has been changed.' });
  });

  it('marks the way out after signing in, and a later failure cancels it', () => {
    let state = loginReducer(start(), { type: 'leaving' });
    expect(state.leaving).toBe(true);
    state = loginReducer(state, { type: 'failed', error: 'Network' });
    expect(state).toMatchObject({ leaving: false, error: 'Network' });
  });
});
