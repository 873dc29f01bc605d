import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useActivateAccount } from '../api/activate-account.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { MSG } from '../model/validation.ts';
import './result-panel.css';

/** /email_active?key=…: one-shot account activation from the e-mailed link. */
export default function EmailActivePage() {
  const navigate = useNavigate();
  const key = useSearchParams()[0].get('key')?.trim() ?? '';
  const activation = useActivateAccount(key);

  if (key && activation.isPending) {
    return (
      <AuthCard title="Activating your account">
        <LoadingBlock label="Checking your activation link…" />
      </AuthCard>
    );
  }

  if (!key || activation.isError) {
    return (
      <AuthCard title="Account activation">
        <div className="result-panel result-panel--error" role="alert">
          <h2 className="result-panel__title">Error !</h2>
          <p>{key ? messageOf(activation.error) : MSG.secretKey}</p>
        </div>
      </AuthCard>
    );
  }

  // The link was opened before (or a newer one was used): nothing failed, the way on is to sign in.
  if (activation.data?.already_active) {
    return (
      <AuthCard title="Account activation">
        <div className="result-panel result-panel--success" role="status">
          <h2 className="result-panel__title">Already active</h2>
          <p>{activation.data.msg}</p>
          <Button onClick={() => navigate(paths.login.getHref())}>Sign in</Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Account activation">
      <div className="result-panel result-panel--success" role="status">
        <h2 className="result-panel__title">Success !</h2>
        <p>{activation.data?.msg}</p>
        <Button onClick={() => navigate(paths.login.getHref())}>Go to Login Page</Button>
      </div>
    </AuthCard>
  );
}
