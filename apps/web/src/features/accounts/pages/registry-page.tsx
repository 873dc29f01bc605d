import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { getWalletRef } from '../../../lib/session-storage.ts';
import { useRegistry } from '../api/registry.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { registryErrors, type RegistryField } from '../model/registry-fields.ts';
import { registryFieldOf } from '../model/server-field-errors.ts';
import { fieldOf } from '../model/validation.ts';

/** Sign-up (spec §2): errors on their fields, all at once; a taken name or e-mail on its field. */
export default function RegistryPage() {
  const registry = useRegistry();
  const errors = useFormErrors<RegistryField>();

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
    if (errors.refuseIfAny(found)) return;
    const walletRef = getWalletRef();
    registry.mutate(
      {
        username: fieldOf(form, 'username').trim(),
        email: fieldOf(form, 'email').trim(),
        password,
        // The referral code captured from a `code` link travels with the sign-up.
        ...(walletRef ? { wallet_ref: walletRef } : {}),
      },
      { onError: (error) => errors.refuseFromServer(registryFieldOf(error), messageOf(error)) },
    );
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

  const { fieldErrors } = errors;
  return (
    <AuthCard title="Create an account" intro="One account for the shop, the marketplace and your fleet.">
      <form onSubmit={onSubmit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        <Input label="Username" name="username" autoComplete="username" required error={fieldErrors.username} />
        <Input label="E-mail" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <Input
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrors.password}
        />
        <Input
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrors.confirmPassword}
        />
        <Checkbox name="terms" defaultChecked error={fieldErrors.terms}>
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
