import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import './activation-prompt.css';

/**
 * Spec §2: a signed-in user without a verified e-mail is asked to link one and to verify it
 * through the link received; not on the link page itself.
 */
export function ActivationPrompt() {
  const { loggedIn } = useAccountStore((s) => s.status);
  const user = useAccountStore((s) => s.user);
  const { pathname } = useLocation();

  if (!loggedIn || !user || user.active || pathname === paths.linkEmail.path) return null;

  return (
    <div className="activation-prompt" role="region" aria-label="E-mail verification">
      <p className="activation-prompt__text">
        {user.email
          ? `Please verify your e-mail ${user.email} through the link we sent you.`
          : 'Link an e-mail to your account, then verify it through the link we send you.'}
      </p>
      <Link className="activation-prompt__link" to={paths.linkEmail.getHref()}>
        {user.email ? 'Verify e-mail' : 'Link an e-mail'}
      </Link>
    </div>
  );
}
