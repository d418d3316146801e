// Signup (/signup): username, email, password and confirm password (all required, 'Passwords do
// not match.'), then the code Cognito emails, then signed in and on to My Collection.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormMessages, TextField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { confirmSignUp, resendSignUpCode, signIn, signUp } from '@/lib/auth/cognito';
import { authErrorMessage, PASSWORD_RULES, safeNext, validateSignup, type SignupErrors, type SignupValues } from '@/features/auth/api/auth';
import { deliveredTo } from './auth-messages';
import { GoogleButton } from './google-button';

export default function Signup() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [values, setValues] = useState<SignupValues>({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<SignupErrors>({});
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof SignupValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const run = async (work: () => Promise<void>, step: 'signUp' | 'confirm') => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(authErrorMessage(err, step));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      const delivery = await signUp(values);
      setStep('code');
      setNote(`${deliveredTo(delivery.Destination)} Enter it below to confirm your email.`);
    }, 'signUp');
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from the email.');
      return;
    }
    void run(async () => {
      await confirmSignUp(values.username, code);
      await signIn(values.username, values.password, false);
      navigate(next ?? paths.myCards.getHref(), { replace: true });
    }, 'confirm');
  };

  const resend = () =>
    void run(async () => {
      const delivery = await resendSignUpCode(values.username);
      setNote(deliveredTo(delivery.Destination));
    }, 'confirm');

  return (
    <div className="page container narrow">
      <div className="form-card">
        <h1 className="page-title">Create your account</h1>
        {step === 'form' ? (
          <>
            <p className="muted">Collect official cards and support the athletes you follow.</p>
            <GoogleButton label="Sign up with Google" next={next} />
            <form noValidate onSubmit={submit} aria-label="Sign up">
              <TextField
                label="Username"
                name="username"
                autoComplete="username"
                required
                value={values.username}
                onChange={set('username')}
                error={errors.username}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={values.email}
                onChange={set('email')}
                error={errors.email}
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                value={values.password}
                onChange={set('password')}
                error={errors.password}
                hint={`Use ${PASSWORD_RULES}.`}
              />
              <TextField
                label="Confirm password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                required
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
                error={errors.confirmPassword}
              />
              <FormMessages error={error} note={note} />
              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
                {busy ? 'Creating account...' : 'Sign Up'}
              </button>
            </form>
          </>
        ) : (
          <form noValidate onSubmit={confirm} aria-label="Confirm your email">
            <h2 className="section-title">Confirm your email</h2>
            <TextField
              label="Verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
            <FormMessages error={error} note={note} />
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
              Confirm and sign in
            </button>
            <button type="button" className="link-button" onClick={resend} disabled={busy}>
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
