import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useLogin } from '../api/login.ts';
import { fieldOf, loginErrors, type LoginField } from '../model/validation.ts';

type LoginFormProps = {
  onSignedIn: () => void;
  /** "Sign in with a wallet": the caller opens the wallet dialog. */
  onWallet: () => void;
};

/**
 * Spec §2 login. The same form is the /login page and the sign-in dialog a protected page opens.
 * The server's refusals (wrong login or password, not activated, too many tries) go in the
 * form's alert: naming the wrong field would tell who has an account.
 */
export function LoginForm({ onSignedIn, onWallet }: LoginFormProps) {
  const login = useLogin();
  const errors = useFormErrors<LoginField>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { login: fieldOf(form, 'email').trim(), password: fieldOf(form, 'password') };
    if (errors.refuseIfAny(loginErrors(input))) return;
    login.mutate(
      { email: input.login, password: input.password, remember: form.has('remember') },
      { onSuccess: onSignedIn, onError: (error) => errors.refuseFromServer(undefined, messageOf(error)) },
    );
  };

  return (
    <form onSubmit={onSubmit} {...errors.formProps}>
      <FormAlert message={errors.formError} />
      <Input
        label="E-mail or username"
        name="email"
        autoComplete="username"
        required
        error={errors.fieldErrors.email}
      />
      <Input
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.fieldErrors.password}
      />
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
