import type { StakingWallet } from '@starport/schemas';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { shortenAddress } from '../../../lib/format.ts';
import { useStakingWallet } from '../api/get-staking-wallet.ts';
import { STAKING_FETCH_FAILED } from '../model/staking-texts.ts';
import { useStakingAccount } from '../model/use-staking-account.ts';
import { ConnectPrompt } from './connect-prompt.tsx';

/**
 * The player's position, or the request to connect a wallet (spec §6). A signed-in player's
 * linked wallet is shown until they connect one here; actions always sign with the connected one.
 */
export function WalletGate({ children }: { children: (wallet: StakingWallet) => ReactNode }) {
  const account = useStakingAccount();
  const query = useStakingWallet(account.address);
  if (!account.address)
    return (
      <ConnectPrompt onConnect={() => void account.connect()} connecting={account.connecting} error={account.error} />
    );
  if (query.isPending) return <LoadingBlock label="Loading your units…" />;
  if (query.isError)
    return (
      <Alert tone="error" title="Error">
        <p>{STAKING_FETCH_FAILED}</p>
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <>
      <p className="staking-wallet-line">
        Wallet <span title={account.address}>{shortenAddress(account.address, 6, 4)}</span>
        {!account.connected && (
          <>
            {' '}
            (linked to your account){' '}
            <Button variant="ghost" loading={account.connecting} onClick={() => void account.connect()}>
              Connect wallet
            </Button>
          </>
        )}
      </p>
      {account.error && (
        <Alert tone="error" title="Error">
          {account.error}
        </Alert>
      )}
      {children(query.data.data)}
    </>
  );
}
