// Signup (/signup): Google button (not wired), username, email, password, confirm password. Mock only.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { signUp, validateSignup, type SignupErrors, type SignupValues } from '../api/demo-auth';
import { GoogleButton } from './google-button';

export default function Signup() {
  const navigate = useNavigate();
  const [values, setValues] = useState<SignupValues>({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<SignupErrors>({});
  const set = (k: keyof SignupValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await signUp(values);
    navigate('/');
  };

  return (
    <div className="page container narrow">
      <div className="form-card">
        <h1 className="page-title">Create your account</h1>
        <p className="muted">Collect official cards and support the athletes you follow.</p>
        <GoogleButton label="Sign up with Google" />
        <div className="divider" role="separator">
          <span>Or</span>
        </div>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Sign up">
          <TextField label="Username" name="username" autoComplete="username" required value={values.username} onChange={set('username')} error={errors.username} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
          <TextField label="Password" name="password" type="password" autoComplete="new-password" required value={values.password} onChange={set('password')} error={errors.password} />
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
          <button type="submit" className="btn btn-primary btn-block btn-lg">
            Sign Up
          </button>
        </form>
        <p className="center small">
          Already have an account? <Link to={paths.login.getHref()}>Sign in</Link>
        </p>
      </div>
    </div>
  );
}
