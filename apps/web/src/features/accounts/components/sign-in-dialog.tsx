import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoginForm } from './login-form.tsx';
import { WalletSignInDialog } from './wallet-sign-in-dialog.tsx';

type SignInDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** what the visitor was trying to open, in a sentence */
  reason?: string;
  /** The session is stored before this runs; a caller may follow the account store instead. */
  onSignedIn?: () => void;
};

/**
 * Sign-in as a dialog over the page, for a visitor sent away from a page that needs an
 * account: the /login form, or a wallet, and then back where they were going.
 */
export function SignInDialog({ open, onOpenChange, reason, onSignedIn = () => {} }: SignInDialogProps) {
  const [wallet, setWallet] = useState(false);

  if (wallet) {
    return (
      <WalletSignInDialog
        open={open}
        onOpenChange={(next) => {
          // Cancelling the wallet goes back to the password form, not out of signing in.
          if (!next) setWallet(false);
        }}
        onSignedIn={onSignedIn}
      />
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Sign in" description={reason ?? 'Welcome back, pilot.'}>
      <div data-testid="sign-in-dialog">
        <LoginForm onSignedIn={onSignedIn} onWallet={() => setWallet(true)} />
      </div>
    </Dialog>
  );
}

export default SignInDialog;
