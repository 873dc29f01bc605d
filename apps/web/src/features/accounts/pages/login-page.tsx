import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { WalletSignInDialog } from '../components/wallet-sign-in-dialog.tsx';

/** Spec §2 login. Signing in with a wallet is offered here too, for visitors who came looking for it. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [walletOpen, setWalletOpen] = useState(false);
  const goHome = () => navigate(paths.home.getHref(), { replace: true });

  return (
    <AuthCard title="Sign in" intro="Welcome back, pilot.">
      <LoginForm onSignedIn={goHome} onWallet={() => setWalletOpen(true)} />
      <WalletSignInDialog open={walletOpen} onOpenChange={setWalletOpen} onSignedIn={goHome} />
    </AuthCard>
  );
}
