// The Google button of the login and sign-up screens: shown only when the deployment configures
// Google (config.auth.googleEnabled); it starts the hosted-UI sign-in with PKCE.
import { useState } from 'react';
import { FormOutcome } from '@/components/form/form-outcome';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { startGoogleSignIn } from '@/lib/auth/google';
import { authErrorMessage } from '@/features/auth/api/auth';

export function GoogleButton({ label, remember = false, next }: { label: string; remember?: boolean; next?: string | null }) {
  const config = useRuntimeConfig();
  const [error, setError] = useState<string | null>(null);
  if (!config?.auth?.googleEnabled) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-google btn-block"
        onClick={() => {
          setError(null);
          startGoogleSignIn({ remember, next: next ?? undefined }).catch((err: unknown) => setError(authErrorMessage(err, 'google')));
        }}
      >
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.5 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z" />
          <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
          <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6.1z" />
          <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.9 6.1C6.5 42.6 14.6 48 24 48z" />
        </svg>
        {label}
      </button>
      <FormOutcome error={error} />
      <div className="divider" role="separator">
        <span>Or</span>
      </div>
    </>
  );
}
