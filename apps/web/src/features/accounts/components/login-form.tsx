import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useLogin } from '../api/login.ts';
import { fieldOf } from '../model/validation.ts';

type LoginFormProps = {
  onSignedIn: () => void;
  /** "Sign in with a wallet": the caller opens the wallet dialog. */
  onWallet: () => void;
};

/**
 * Spec §2 login: no client validation; the server's msg is shown on failure. The same form is
 * the /login page and the sign-in dialog a protected page opens.
 */
export function LoginForm({ onSignedIn, onWallet }: LoginFormProps) {
  const login = useLogin();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate(
      { email: fieldOf(form, 'email').trim(), password: fieldOf(form, 'password'), remember: form.has('remember') },
      { onSuccess: onSignedIn },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {login.isError && <Alert tone="error">{messageOf(login.error)}</Alert>}
      <Input label="E-mail or username" name="email" autoComplete="username" required />
      <Input label="Password" name="password" type="password" autoComplete="current-password" required />
      <Checkbox name="remember" defaultChecked>
        Remember me
      </Checkbox>
      <Button type="submit" className="btn--block" loading={login.isPending}>
        Sign in
      </Button>
      <div className="form-links">
        <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
        <Link to={paths.registry.getHref()}>Create an account</Link>
      </div>
      <Button variant="secondary" className="btn--block" data-testid="login-connect-wallet" onClick={onWallet}>
        Sign in with a wallet
      </Button>
    </form>
  );
}
