import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { WalletSignInDialog } from '../components/wallet-sign-in-dialog.tsx';
import { fieldOf } from '../model/validation.ts';

/**
 * Spec §2 login: no client validation; the server's msg is shown on failure. Signing in with a
 * wallet is offered here too, for visitors who came to "Sign in" looking for it.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [walletOpen, setWalletOpen] = useState(false);
  const goHome = () => navigate(paths.home.getHref(), { replace: true });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate(
      { email: fieldOf(form, 'email').trim(), password: fieldOf(form, 'password'), remember: form.has('remember') },
      { onSuccess: goHome },
    );
  };

  return (
    <AuthCard title="Sign in" intro="Welcome back, pilot.">
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
        <Button variant="secondary" className="btn--block" data-testid="login-connect-wallet" onClick={() => setWalletOpen(true)}>
          Sign in with a wallet
        </Button>
      </form>
      <WalletSignInDialog open={walletOpen} onOpenChange={setWalletOpen} onSignedIn={goHome} />
    </AuthCard>
  );
}
