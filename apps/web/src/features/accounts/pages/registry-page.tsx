import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { getWalletRef } from '../../../lib/session-storage.ts';
import { useRegistry } from '../api/registry.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { fieldOf, validateRegistry } from '../model/validation.ts';

export default function RegistryPage() {
  const registry = useRegistry();
  const [clientError, setClientError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = fieldOf(form, 'password');
    const problem = validateRegistry({
      password,
      confirmPassword: fieldOf(form, 'confirmPassword'),
      agreed: form.has('terms'),
    });
    setClientError(problem);
    if (problem) return;
    const walletRef = getWalletRef();
    registry.mutate({
      username: fieldOf(form, 'username').trim(),
      email: fieldOf(form, 'email').trim(),
      password,
      // The referral code captured from a `code` link travels with the sign-up.
      ...(walletRef ? { wallet_ref: walletRef } : {}),
    });
  };

  if (registry.isSuccess) {
    return (
      <AuthCard title="Check your inbox">
        <Alert tone="success" title="Account created">
          {registry.data.msg}
        </Alert>
        <p className="muted">
          Already activated? <Link to={paths.login.getHref()}>Go to login</Link>
        </p>
      </AuthCard>
    );
  }

  const error = clientError ?? (registry.isError ? messageOf(registry.error) : null);
  return (
    <AuthCard title="Create an account" intro="One account for the shop, the marketplace and your fleet.">
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <Input label="Username" name="username" autoComplete="username" required />
        <Input label="E-mail" name="email" type="email" autoComplete="email" required />
        <Input label="Password" name="password" type="password" autoComplete="new-password" required />
        <Input label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required />
        <Checkbox name="terms" defaultChecked>
          I agree to the <Link to={paths.tos.getHref()}>Terms of Service</Link>
        </Checkbox>
        <Button type="submit" className="btn--block" loading={registry.isPending}>
          Sign up
        </Button>
        <div className="form-links">
          <span className="muted">Already have an account?</span>
          <Link to={paths.login.getHref()}>Back to login</Link>
        </div>
      </form>
    </AuthCard>
  );
}
