// Signup (/signup): username, email, password, confirm password and the date of birth (all
// required, 'Passwords do not match.'), then the code Cognito emails, then signed in and on to My
// Collection. The date of birth is the age screen (shared/platform/age.ts): under 13 nothing is
// sent and the page stops offering the form for the rest of the visit; the pool's pre sign-up
// trigger checks the same rule on the server.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { InputField } from '@/components/form/field';
import { Form } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { paths } from '@/config/paths';
import { authErrorMessage, PASSWORD_RULES, safeNext, screenSignup, validateSignup, type SignupValues, deliveredTo } from '@/features/auth/api/auth';
import { NOT_ELIGIBLE } from '@shared/platform/age';
import { useConfirmSignUp, useResendSignUpCode, useSignUp } from '@/features/auth/api/sign-up';
import { GoogleButton } from '@/features/auth/components/google-button';
import { CodeField, ResendCode } from '@/features/auth/components/login/step-parts';

const FIELDS: Array<{ name: keyof SignupValues; label: string; type: string; autoComplete: string; hint?: string }> = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: `Use ${PASSWORD_RULES}.` },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
  { name: 'birthDate', label: 'Date of birth', type: 'date', autoComplete: 'bday', hint: 'We ask everyone. The date itself is not kept.' },
];

/** A refused sign-up stays refused for the rest of the visit (the form is not offered again). */
const REFUSED_KEY = 'drift.signup.refused';
const refusedBefore = () => typeof sessionStorage !== 'undefined' && sessionStorage.getItem(REFUSED_KEY) === '1';

export default function Signup() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const signUp = useSignUp();
  const confirm = useConfirmSignUp();
  const resend = useResendSignUpCode();
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [note, setNote] = useState<string | null>(null);
  const [refused, setRefused] = useState(refusedBefore);
  const refuse = () => {
    sessionStorage.setItem(REFUSED_KEY, '1');
    setRefused(true);
  };

  const account = useForm({
    initial: { username: '', email: '', password: '', confirmPassword: '', birthDate: '' } as SignupValues,
    check: (values) => {
      const errors = validateSignup(values);
      const input = Object.keys(errors).length ? null : screenSignup(values);
      // Under 13: nothing is sent (onFailure then stops offering the form).
      return { value: input!, errors, message: Object.keys(errors).length || input ? null : NOT_ELIGIBLE };
    },
    send: (input) => signUp.trigger(input),
    onSuccess: (delivery) => {
      setStep('code');
      setNote(`${deliveredTo(delivery.Destination)} Enter it below to confirm your email.`);
    },
    onFailure: (failure) => {
      if (failure.message === NOT_ELIGIBLE) refuse();
    },
    texts: { failed: (error) => authErrorMessage(error, 'signUp') },
  });
  const { username, password } = account.values;
  const code = useForm({
    initial: { code: '' },
    check: (values) => ({
      value: { username, password, code: values.code, remember: false },
      message: values.code.trim() ? null : 'Enter the code from the email.',
    }),
    send: (input) => confirm.trigger(input),
    onSuccess: () => void navigate(next ?? paths.myCards.getHref(), { replace: true }),
    texts: { failed: (error) => authErrorMessage(error, 'confirm') },
  });
  const busy = account.submitting || code.submitting || resend.isMutating;

  const sendAgain = async () => {
    code.setError(null);
    try {
      const delivery = await resend.trigger({ username });
      setNote(deliveredTo(delivery.Destination));
    } catch (err) {
      code.setError(authErrorMessage(err, 'confirm'));
    }
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <h1 className="page-title">Create your account</h1>
        {refused ? (
          <div role="status" className="empty-state">
            <p>{NOT_ELIGIBLE}</p>
            <p className="muted">
              You can still browse athletes and cards without an account. <Link to={paths.search.getHref()}>Browse athletes</Link>
            </p>
          </div>
        ) : step === 'form' ? (
          <>
            <p className="muted">Collect official cards and support the athletes you follow.</p>
            <GoogleButton label="Sign up with Google" next={next} />
            <Form form={account} aria-label="Sign up">
              {FIELDS.map((f) => (
                <InputField
                  key={f.name}
                  label={f.label}
                  required
                  hint={f.hint}
                  name={f.name}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  {...account.field(f.name)}
                />
              ))}
              <FormOutcome success={note} error={account.error} />
              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
                {busy ? 'Creating account...' : 'Sign Up'}
              </button>
            </Form>
          </>
        ) : (
          <Form form={code} aria-label="Confirm your email">
            <h2 className="section-title">Confirm your email</h2>
            <CodeField {...code.field('code')} />
            <FormOutcome success={note} error={code.error} />
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
              Confirm and sign in
            </button>
            <ResendCode onResend={() => void sendAgain()} busy={busy} />
          </Form>
        )}
        <p className="center small">
          Already have an account? <Link to={next ? `${paths.login.getHref()}?next=${encodeURIComponent(next)}` : paths.login.getHref()}>Sign in</Link>
        </p>
      </div>
    </div>
  );
}
