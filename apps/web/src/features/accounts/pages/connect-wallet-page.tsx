import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import type { WalletPick } from '../../../lib/wallet/wallet-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { WalletChoices } from '../components/wallet-choices.tsx';
import { useLinkWallet } from '../model/use-wallet.ts';
import './connect-wallet-page.css';

/**
 * Guarded. "Link blockchain wallet" (spec §2 account pages): an e-mail account proves a wallet
 * is its own by signing the server's message. Both choices work; the spec's client had the
 * second one as a dead link.
 */
export default function ConnectWalletPage() {
  const user = useAccountStore((s) => s.user);
  const link = useLinkWallet();
  const navigate = useNavigate();

  if (user?.walletAddress) {
    return (
      <AuthCard title="Link blockchain wallet">
        <Alert tone="success" title="Wallet linked">
          This account is linked to{' '}
          <code className="linked-wallet" data-testid="linked-wallet">
            {user.walletAddress}
          </code>
          .
        </Alert>
        <Link to={paths.home.getHref()}>Back to home</Link>
      </AuthCard>
    );
  }

  // ?connected tells the layout to say so (spec §2); this page then shows the linked address.
  const choose = (pick: WalletPick) =>
    link.mutate(pick, { onSuccess: () => navigate({ search: '?connected=1' }, { replace: true }) });

  return (
    <AuthCard
      title="Link blockchain wallet"
      intro="Link a wallet to this account: you then sign in with it too, and pay or receive assets with it."
    >
      <div data-testid="connect-wallet-page">
        <WalletChoices
          onChoose={choose}
          pending={link.isPending ? (link.variables ?? null) : null}
          step={link.step}
          error={link.isError ? link.error : null}
        />
      </div>
    </AuthCard>
  );
}
