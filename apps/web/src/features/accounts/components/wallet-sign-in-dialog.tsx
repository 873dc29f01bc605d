import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import type { WalletPick } from '../../../lib/wallet/wallet-api.ts';
import { useWalletSignIn } from '../model/use-wallet.ts';
import { WalletChoices } from './wallet-choices.tsx';

type WalletSignInDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'invitation': opened by a `code` referral link (spec §2), same choices, a welcome text */
  variant?: 'connect' | 'invitation';
  onSignedIn?: () => void;
};

const TEXT = {
  connect: {
    title: 'Connect wallet',
    description: 'Sign in with your wallet. A wallet signing in for the first time gets a new account.',
    testId: 'connect-wallet-dialog',
  },
  invitation: {
    title: 'You are invited to Starport',
    description: 'Connect a wallet to sign in. Your invitation is kept and counts on your first sign-in.',
    testId: 'invitation-dialog',
  },
} as const;

/**
 * Sign-in with a wallet: the player picks a wallet, approves the connection, signs the server's
 * message, and is signed in. Errors stay in the dialog so the player can pick again.
 */
export function WalletSignInDialog({ open, onOpenChange, variant = 'connect', onSignedIn }: WalletSignInDialogProps) {
  const signIn = useWalletSignIn();
  const text = TEXT[variant];
  const { reset } = signIn;

  // A dialog opened again starts clean, not with the last attempt's error.
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const choose = (pick: WalletPick) =>
    signIn.mutate(pick, {
      onSuccess: () => {
        onOpenChange(false);
        onSignedIn?.();
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={text.title} description={text.description}>
      <div data-testid={text.testId}>
        <WalletChoices
          onChoose={choose}
          pending={signIn.isPending ? (signIn.variables ?? null) : null}
          step={signIn.step}
          error={signIn.isError ? signIn.error : null}
        />
        <DialogActions>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

export default WalletSignInDialog;
