import * as RadixDialog from '@radix-ui/react-dialog';
import type { PublicChain } from '@starport/schemas';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { getWalletRef } from '../../../lib/session-storage.ts';
import { isMobileBrowser, walletAppLink } from '../../../lib/wallet/wallet-app-link.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { DialogActions } from '../../../components/ui/dialog.tsx';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { useFocusReturn } from '../../../components/ui/focus-return.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { CryptoFailure } from '../model/crypto-failures.ts';
import type { CryptoPaymentRun, CryptoView } from '../model/crypto-flow.ts';
import { CRYPTO_PROCESSING, CRYPTO_STARTED, CRYPTO_VALIDATING } from '../model/messages.ts';
import './crypto-payment-dialog.css';

type Progress = { title: string; text: string; hint?: string };

/**
 * What the dialog says while the payment runs (spec §8): 'Please Wait' / 'Payment transaction
 * started' until the wallet is asked to send, with what the wallet is asking meanwhile.
 */
function progressOf(view: CryptoView): Progress | null {
  switch (view.phase) {
    case 'starting':
    case 'started':
      return CRYPTO_STARTED;
    case 'connecting':
      return { ...CRYPTO_STARTED, hint: 'Confirm the connection in your wallet.' };
    case 'switching':
      return {
        ...CRYPTO_STARTED,
        hint: `Confirm the switch to ${view.chain?.name ?? 'the payment network'} in your wallet.`,
      };
    case 'sending':
      return CRYPTO_PROCESSING;
    case 'validating':
      // "transfer success" only when the wallet saw it mined; otherwise the server's check is all there is.
      return view.mined ? CRYPTO_VALIDATING : { title: CRYPTO_STARTED.title, text: CRYPTO_VALIDATING.text };
    default:
      return null;
  }
}

type CryptoPaymentDialogProps = {
  run: CryptoPaymentRun;
  /** back to the checkout's choices (after a failure) */
  onBack: () => void;
  /** checkout is over */
  onClose: () => void;
};

/**
 * The crypto payment in a dialog (spec §4, §8): the amount and the recipient, each step's
 * texts, and what went wrong. From the moment the wallet is asked to send until the server has
 * decided, it cannot be closed (the page warns on leaving too: crypto-leave-guard.ts).
 */
export function CryptoPaymentDialog({ run, onBack, onClose }: CryptoPaymentDialogProps) {
  const view = useSyncExternalStore(run.subscribe, run.getView, run.getView);
  const progress = progressOf(view);
  const locked = view.phase === 'sending' || view.phase === 'validating';
  const focusReturn = useFocusReturn(true);
  const close = () => {
    if (locked) return;
    run.dismiss();
    onClose();
  };

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className="dialog__content crypto-dialog"
          {...focusReturn}
          aria-describedby={undefined}
          // A stray click beside the dialog must not end a payment.
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => locked && event.preventDefault()}
        >
          <RadixDialog.Title className="dialog__title">Pay with cryptocurrency</RadixDialog.Title>
          <div className="crypto-dialog__body" data-testid="crypto-payment-dialog" data-phase={view.phase}>
            {view.quote && <QuotedAmount view={view} />}
            {progress && (
              <div className="crypto-dialog__step" aria-live="polite">
                <Spinner size="small" decorative />
                <div>
                  <p className="crypto-dialog__step-title" data-testid="crypto-step-title">
                    {progress.title}
                  </p>
                  <p className="crypto-dialog__step-text" data-testid="crypto-step-text">
                    {progress.text}
                  </p>
                  {progress.hint && (
                    <p className="muted" data-testid="crypto-step-hint">
                      {progress.hint}
                    </p>
                  )}
                </div>
              </div>
            )}
            {view.failure && <FailureAlert failure={view.failure} chain={view.chain} onLeave={close} />}
            <DialogActions>
              {view.phase === 'failed' ? (
                <>
                  {!view.failure?.txh && (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        run.dismiss();
                        onBack();
                      }}
                    >
                      Back
                    </Button>
                  )}
                  <Button variant="secondary" onClick={close}>
                    Close
                  </Button>
                  {view.failure?.retryVerify && (
                    <Button onClick={() => void run.retryVerify()} data-testid="crypto-retry-verify">
                      Try again
                    </Button>
                  )}
                </>
              ) : (
                <Button variant="secondary" onClick={close} disabled={locked}>
                  Cancel
                </Button>
              )}
            </DialogActions>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function QuotedAmount({ view }: { view: CryptoView }) {
  const quote = view.quote!;
  return (
    <div className="crypto-dialog__amount">
      <p data-testid="crypto-amount">
        Pay <strong>{`${quote.amountCurrency} ${quote.tokenSymbol}`}</strong> to{' '}
        <code className="crypto-dialog__address">{quote.targetWallet}</code>
      </p>
      {view.chain && (
        <p className="muted">
          on {view.chain.name}, from your wallet {quote.payerWallet}
        </p>
      )}
    </div>
  );
}

const txUrlOf = (chain: PublicChain | null, txh: string): string | null =>
  chain?.explorerUrl && /^https?:\/\//.test(chain.explorerUrl)
    ? `${chain.explorerUrl.replace(/\/$/, '')}/tx/${txh}`
    : null;

function FailureAlert({
  failure,
  chain,
  onLeave,
}: {
  failure: CryptoFailure;
  chain: PublicChain | null;
  onLeave: () => void;
}) {
  const txUrl = failure.txh ? txUrlOf(chain, failure.txh) : null;
  // A phone has no wallet extension: the wallet app opens this same page in its own browser (spec §4).
  const appLink = failure.noWallet && isMobileBrowser() ? walletAppLink(window.location, getWalletRef()) : null;
  return (
    <div data-testid="crypto-error">
      <Alert tone="error" title={failure.title}>
        {failure.message && <p data-testid="crypto-error-message">{failure.message}</p>}
        {failure.txh && (
          <p>
            Transaction:{' '}
            <code className="crypto-dialog__address" data-testid="crypto-tx-hash">
              {failure.txh}
            </code>
            {txUrl && (
              <>
                {' '}
                <ExternalLink href={txUrl}>View on the explorer</ExternalLink>
              </>
            )}
          </p>
        )}
        {failure.myOrders && (
          <Link
            to={paths.myOrders.getHref()}
            className={buttonClass('primary')}
            data-testid="crypto-my-orders"
            onClick={onLeave}
          >
            Go to My Orders
          </Link>
        )}
        {failure.linkWallet && (
          <Link
            to={paths.connectWallet.getHref()}
            className={buttonClass('primary')}
            data-testid="crypto-link-wallet"
            onClick={onLeave}
          >
            Link a wallet
          </Link>
        )}
        {appLink && (
          <a href={appLink} className={buttonClass('primary')} data-testid="crypto-wallet-app-link">
            Open in the MetaMask app
          </a>
        )}
      </Alert>
    </div>
  );
}
