import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { useShipMintTerms } from '../api/get-ship-mint-terms.ts';
import type { CryptoPaymentRun } from '../model/crypto-flow.ts';
import { startCryptoPayment } from '../model/crypto-start.ts';
import { CryptoPaymentDialog } from './crypto-payment-dialog.tsx';
import './ship-mint-checkout.css';

export const CONVERT_UNAVAILABLE = 'Converting ships to NFTs is not available right now.';
export const CONVERT_NEEDS_WALLET =
  'To convert a ship, link a wallet to your account: the fee is paid from it and the NFT is minted to it.';

export type ShipMintCheckoutProps = {
  /** the ship copy: its `_id` from GET /api/my/assets, and its name */
  ship: { id: string; name: string };
  /** the ship may be converted now (free, never converted): the button shows only then */
  convertible: boolean;
  /** the ship's state changed on the server (locked, paid, or the request refused): read it again */
  onChanged: () => void;
};

type Stage = { name: 'idle' } | { name: 'confirm' } | { name: 'paying'; run: CryptoPaymentRun };

/**
 * "Convert to NFT" on a free ship (owned-assets.md §2.2, §4.2, §4.4): a confirmation naming the
 * ship and the fee, paid in USDC from the linked wallet and minted to it, then the crypto
 * payment, whose success says "Your NFT minting task added to queue.". Without a linked wallet,
 * or on a server that cannot take the fee or mint, the button is disabled and says why.
 */
export function ShipMintCheckout({ ship, convertible, onChanged }: ShipMintCheckoutProps) {
  const noteId = useId();
  const terms = useShipMintTerms();
  const wallet = useAccountStore((s) => s.user?.walletAddress ?? null);
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const close = () => setStage({ name: 'idle' });
  // The run outlives this render: it calls whatever onChanged the page gives now.
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useShipLockedNotice(stage.name === 'paying' ? stage.run : null, changed);

  /** One run per confirmation: started from the click (never from a render, which may run twice). */
  const pay = (feeUsd: number) => {
    const purchase = { kind: 'ship_mint', itemId: ship.id, name: ship.name, feeUsd } as const;
    const reread = () => changed.current();
    // Paid: the success shows above every page (crypto-outcome.ts), so the payment dialog closes.
    const paid = () => {
      reread();
      setStage({ name: 'idle' });
    };
    setStage({ name: 'paying', run: startCryptoPayment(purchase, queryClient, paid, reread) });
  };

  const fee = terms.data?.available ? terms.data.fee_usd : null;
  let note = null;
  if (terms.isError || terms.data?.available === false) note = <>{CONVERT_UNAVAILABLE}</>;
  else if (!wallet) {
    note = (
      <>
        {CONVERT_NEEDS_WALLET}{' '}
        <Link to={paths.connectWallet.getHref()} data-testid="ship-mint-link-wallet">
          Link a wallet
        </Link>
      </>
    );
  }
  const disabled = fee === null || !wallet;

  return (
    <>
      {convertible && (
        <>
          <Button
            variant="secondary"
            disabled={disabled}
            aria-describedby={note ? noteId : undefined}
            aria-busy={terms.isPending || undefined}
            onClick={() => setStage({ name: 'confirm' })}
            data-testid="ship-mint-button"
          >
            Convert to NFT
          </Button>
          {note && (
            <p id={noteId} className="ship-mint__note">
              {note}
            </p>
          )}
        </>
      )}
      {stage.name === 'confirm' && fee !== null && wallet && (
        <Dialog
          open
          onOpenChange={(open) => !open && close()}
          title="Convert to NFT"
          description={`Convert ${ship.name} to an NFT?`}
        >
          <div className="ship-mint" data-testid="ship-mint-confirm">
            <p>
              The minting fee is <strong data-testid="ship-mint-fee">{formatPrice(fee)}</strong>, paid in USDC from your
              linked wallet <code className="ship-mint__wallet">{wallet}</code>. The NFT is minted to that wallet.
            </p>
            <p className="muted">Converting is final: the ship then lives in your wallet as a token.</p>
            <DialogActions>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => pay(fee)}>Confirm</Button>
            </DialogActions>
          </div>
        </Dialog>
      )}
      {/* No way back to the confirmation: the request may have locked the ship already (a second one is refused). */}
      {stage.name === 'paying' && <CryptoPaymentDialog run={stage.run} onBack={close} onClose={close} />}
    </>
  );
}

/**
 * The request locks the ship as soon as it answers with the quote: the page reads it again then,
 * so the card behind the dialog says "Awaiting payment".
 */
function useShipLockedNotice(run: CryptoPaymentRun | null, notifyRef: { readonly current: () => void }) {
  useEffect(() => {
    if (!run) return;
    let opened = run.getView().quote !== null;
    if (opened) notifyRef.current();
    return run.subscribe(() => {
      if (opened || run.getView().quote === null) return;
      opened = true;
      notifyRef.current();
    });
  }, [run, notifyRef]);
}
