// Signup (/signup): username, email, password and confirm password (all required, 'Passwords do
// not match.'), then the code Cognito emails, then signed in and on to My Collection.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { paths } from '@/config/paths';
import { authErrorMessage, PASSWORD_RULES, safeNext, validateSignup, type SignupErrors, type SignupValues, deliveredTo } from '@/features/auth/api/auth';
import { useConfirmSignUp, useResendSignUpCode, useSignUp } from '@/features/auth/api/sign-up';
import { GoogleButton } from '@/features/auth/components/google-button';

const FIELDS: Array<{ name: keyof SignupValues; label: string; type: string; autoComplete: string; hint?: string }> = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: `Use ${PASSWORD_RULES}.` },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

export default function Signup() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const signUp = useSignUp();
  const confirm = useConfirmSignUp();
  const resend = useResendSignUpCode();
  const [values, setValues] = useState<SignupValues>({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<SignupErrors>({});
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const busy = signUp.isMutating || confirm.isMutating || resend.isMutating;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    setNote(null);
    setError(null);
    if (Object.keys(found).length > 0) return;
    try {
      const delivery = await signUp.trigger(values);
      setStep('code');
      setNote(`${deliveredTo(delivery.Destination)} Enter it below to confirm your email.`);
    } catch (err) {
      setError(authErrorMessage(err, 'signUp'));
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from the email.');
      return;
    }
    setError(null);
    try {
      await confirm.trigger({ username: values.username, password: values.password, code, remember: false });
      navigate(next ?? paths.myCards.getHref(), { replace: true });
    } catch (err) {
      setError(authErrorMessage(err, 'confirm'));
    }
  };

  const sendAgain = async () => {
    setError(null);
    try {
      const delivery = await resend.trigger({ username: values.username });
      setNote(deliveredTo(delivery.Destination));
    } catch (err) {
      setError(authErrorMessage(err, 'confirm'));
    }
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <h1 className="page-title">Create your account</h1>
        {step === 'form' ? (
          <>
            <p className="muted">Collect official cards and support the athletes you follow.</p>
            <GoogleButton label="Sign up with Google" next={next} />
            <form noValidate onSubmit={(e) => void submit(e)} aria-label="Sign up">
              {FIELDS.map((f) => (
                <Field key={f.name} label={f.label} required hint={f.hint} error={errors[f.name]}>
                  {(control) => (
                    <input
                      {...control}
                      className="input"
                      name={f.name}
                      type={f.type}
                      autoComplete={f.autoComplete}
                      value={values[f.name]}
                      onChange={(event) => setValues((v) => ({ ...v, [f.name]: event.target.value }))}
                    />
                  )}
                </Field>
              ))}
              <FormOutcome success={note} error={error} />
              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
                {busy ? 'Creating account...' : 'Sign Up'}
              </button>
            </form>
          </>
        ) : (
          <form noValidate onSubmit={(e) => void submitCode(e)} aria-label="Confirm your email">
            <h2 className="section-title">Confirm your email</h2>
            <Field label="Verification code" required>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              )}
            </Field>
            <FormOutcome success={note} error={error} />
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
              Confirm and sign in
            </button>
            <button type="button" className="link-button" onClick={() => void sendAgain()} disabled={busy}>
              Resend code
            </button>
          </form>
        )}
        <p className="center small">
          Already have an account? <Link to={next ? `${paths.login.getHref()}?next=${encodeURIComponent(next)}` : paths.login.getHref()}>Sign in</Link>
        </p>
      </div>
    </div>
  );
}
