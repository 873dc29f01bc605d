import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getWalletRef } from '../../../lib/session-storage.ts';
import { walletAppLink, isMobileBrowser } from '../../../lib/wallet/wallet-app-link.ts';
import type { BrowserWallet, WalletPick } from '../../../lib/wallet/wallet-api.ts';
import { STEP_TEXT, walletFlowMessage, type WalletStep } from '../model/wallet-flows.ts';
import { useWalletRuntime } from '../model/use-wallet.ts';
import './wallet-choices.css';

type WalletChoicesProps = {
  onChoose: (pick: WalletPick) => void;
  /** the pick whose flow is running; every choice waits meanwhile */
  pending: WalletPick | null;
  step: WalletStep | null;
  /** what went wrong last time: the wallet's words or the server's msg */
  error: unknown;
};

/**
 * The two wallet choices of storefront.md §1: a browser wallet and WalletConnect. The second is
 * never a dead link: without a project id it is disabled and says why. On a phone without a
 * wallet, the browser choice opens this page inside the MetaMask app instead. With several
 * browser wallets (extensions announce themselves, EIP-6963), each is a choice of its own, so
 * the player signs in with the one that holds their account.
 */
export function WalletChoices({ onChoose, pending, step, error }: WalletChoicesProps) {
  const runtime = useWalletRuntime();
  const reasonId = useId();
  const choices = runtime.data?.choices();
  const busy = pending !== null;

  if (runtime.isError) {
    return (
      <div className="wallet-choices">
        <Alert tone="error">{walletFlowMessage(runtime.error)}</Alert>
        <Button variant="secondary" onClick={() => void runtime.refetch()} loading={runtime.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const browserWallets = choices?.browser.wallets ?? [];
  const deepLink = choices && !choices.browser.available && isMobileBrowser();
  const walletConnect = choices?.walletconnect;
  const isPending = (pick: WalletPick) => pending?.choice === pick.choice && pending.walletId === pick.walletId;

  return (
    <div className="wallet-choices">
      {error !== null && error !== undefined && (
        <Alert tone="error" className="wallet-error">
          <span data-testid="wallet-error">{walletFlowMessage(error)}</span>
        </Alert>
      )}
      {step && (
        <p className="wallet-step" role="status" data-testid="wallet-step">
          <Spinner size="small" decorative />
          {STEP_TEXT[step]}
        </p>
      )}
      {!choices && (
        <p className="wallet-step" role="status">
          <Spinner size="small" decorative />
          Looking for wallets…
        </p>
      )}

      {deepLink ? (
        <a
          className={buttonClass('secondary', 'wallet-choice')}
          href={walletAppLink(window.location, getWalletRef())}
          data-testid="wallet-choice-browser"
        >
          <span className="wallet-choice__name">Browser wallet</span>
          <span className="wallet-choice__detail">Open this page in the MetaMask app</span>
        </a>
      ) : browserWallets.length > 1 ? (
        browserWallets.map((wallet, index) => (
          <BrowserWalletChoice
            key={wallet.id}
            wallet={wallet}
            isDefault={index === 0}
            disabled={busy}
            loading={isPending({ choice: 'browser', walletId: wallet.id })}
            onChoose={() => onChoose({ choice: 'browser', walletId: wallet.id })}
          />
        ))
      ) : (
        <Button
          variant="secondary"
          className="wallet-choice"
          data-testid="wallet-choice-browser"
          disabled={!choices || busy}
          loading={isPending({ choice: 'browser' })}
          onClick={() => onChoose({ choice: 'browser' })}
        >
          <span className="wallet-choice__name">Browser wallet</span>
          <span className="wallet-choice__detail" data-testid="wallet-choice-browser-names">
            {!choices ? '…' : (browserWallets[0]?.name ?? 'MetaMask or another browser extension')}
          </span>
        </Button>
      )}

      <Button
        variant="secondary"
        className="wallet-choice"
        data-testid="wallet-choice-walletconnect"
        disabled={!walletConnect?.available || busy}
        loading={isPending({ choice: 'walletconnect' })}
        aria-describedby={walletConnect && !walletConnect.available ? reasonId : undefined}
        onClick={() => onChoose({ choice: 'walletconnect' })}
      >
        <span className="wallet-choice__name">WalletConnect</span>
        <span className="wallet-choice__detail">
          {walletConnect && !walletConnect.available ? (
            <span id={reasonId} data-testid="wallet-choice-walletconnect-reason">
              {walletConnect.reason ?? 'Not available here.'}
            </span>
          ) : (
            'A wallet app on your phone, through a QR code'
          )}
        </span>
      </Button>
    </div>
  );
}

type BrowserWalletChoiceProps = {
  wallet: BrowserWallet;
  /** the browser's default wallet (window.ethereum), listed first */
  isDefault: boolean;
  disabled: boolean;
  loading: boolean;
  onChoose: () => void;
};

/** One of several browser wallets, by the name it announced. */
function BrowserWalletChoice({ wallet, isDefault, disabled, loading, onChoose }: BrowserWalletChoiceProps) {
  return (
    <Button
      variant="secondary"
      className="wallet-choice"
      data-testid="wallet-choice-browser-wallet"
      data-wallet-id={wallet.id}
      disabled={disabled}
      loading={loading}
      onClick={onChoose}
    >
      <span className="wallet-choice__name">{wallet.name}</span>
      <span className="wallet-choice__detail">
        {isDefault ? "Browser wallet, your browser's default" : 'Browser wallet'}
      </span>
    </Button>
  );
}
