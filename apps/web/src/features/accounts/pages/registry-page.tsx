import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import { fieldOfServerError, firstInvalid, registryErrors, type RegistryErrors } from '../model/registry-fields.ts';
import { fieldOf } from '../model/validation.ts';

/**
 * Sign-up. Each field shows its own error under it (aria-invalid, aria-describedby), all at
 * once, and the first invalid field takes focus; only a refusal about no one field (network,
 * too many attempts) goes in the banner above the form.
 */
export default function RegistryPage() {
  const registry = useRegistry();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<RegistryErrors>({});
  // Bumped on each refused submit, so focus moves again even when the errors did not change.
  const [attempt, setAttempt] = useState(0);

  const serverField = registry.isError ? fieldOfServerError(registry.error) : undefined;
  const errors: RegistryErrors =
    serverField && registry.isError ? { ...clientErrors, [serverField]: messageOf(registry.error) } : clientErrors;
  const banner = registry.isError && !serverField ? messageOf(registry.error) : null;
  const focusField = firstInvalid(errors);

  useEffect(() => {
    if (!focusField) return;
    formRef.current?.querySelector<HTMLInputElement>(`[name="${focusField}"]`)?.focus();
  }, [focusField, attempt]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = fieldOf(form, 'password');
    const found = registryErrors({
      username: fieldOf(form, 'username'),
      email: fieldOf(form, 'email'),
      password,
      confirmPassword: fieldOf(form, 'confirmPassword'),
      agreed: form.has('terms'),
    });
    setClientErrors(found);
    setAttempt((n) => n + 1);
    if (firstInvalid(found)) {
      registry.reset();
      return;
    }
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

  return (
    <AuthCard title="Create an account" intro="One account for the shop, the marketplace and your fleet.">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        {banner && <Alert tone="error">{banner}</Alert>}
        <Input label="Username" name="username" autoComplete="username" required error={errors.username} />
        <Input label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
        <Input
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
        />
        <Input
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Checkbox name="terms" defaultChecked error={errors.terms}>
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
