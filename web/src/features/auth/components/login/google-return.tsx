// Login, back from Google's hosted UI with ?code=&state=: exchanges the code once (it is single-use)
// and goes on to where the visitor was headed.
import { useEffect, type Dispatch } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorMessage, landingPath, needsAgeQuestion, safeNext } from '@/features/auth/api/auth';
import { paths } from '@/config/paths';
import { useGoogleReturn } from '@/features/auth/api/sign-in';
import type { LoginAction } from '@/features/auth/components/login/login-flow';

export function GoogleReturn({ dispatch }: { dispatch: Dispatch<LoginAction> }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { trigger } = useGoogleReturn();

  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) return;
    let live = true;
    trigger({ code, state })
      .then(({ session, next }) => {
        if (!live) return;
        dispatch({ type: 'leaving' });
        // A Google account answers the age question first (the account page asks it).
        navigate(needsAgeQuestion(session) ? paths.account.getHref() : landingPath(session, '', safeNext(next)), { replace: true });
      })
      .catch((error: unknown) => {
        if (!live) return;
        dispatch({ type: 'go', step: 'signIn' });
        dispatch({ type: 'failed', error: authErrorMessage(error, 'google') });
      });
    return () => {
      live = false;
    };
    // Only on arrival: the code is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <p role="status">Signing you in with Google...</p>;
}
