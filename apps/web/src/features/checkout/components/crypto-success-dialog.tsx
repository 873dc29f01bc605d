import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import type { CryptoOutcome } from '../model/crypto-outcome.ts';
import { CRYPTO_CONFIRMED } from '../model/messages.ts';

/** Only a web address opens from the button; anything else the server sent is not a link. */
const safeLink = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * A crypto payment the server confirmed (spec §8): 'Purchased successfully.' (or 'Spaceship
 * purchased successfully.') with the blockchain's congratulations, the invoice code that is
 * now being delivered, and the transaction on the chain's explorer.
 */
export default function CryptoSuccessDialog({ outcome, onClose }: { outcome: CryptoOutcome; onClose: () => void }) {
  const explorer = safeLink(outcome.explorerTxUrl);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={outcome.title} description={CRYPTO_CONFIRMED}>
      <div className="checkout" data-testid="crypto-success-dialog">
        {outcome.next ? (
          <p className="checkout__what" data-testid="crypto-next">
            {outcome.next} Invoice <strong data-testid="crypto-invoice-code">{outcome.invoiceCode}</strong>.
          </p>
        ) : (
          <p className="checkout__what">
            Invoice <strong data-testid="crypto-invoice-code">{outcome.invoiceCode}</strong> is processing: what you
            bought is on its way to your account.
          </p>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {explorer && (
            <ExternalLink href={explorer} className={buttonClass('secondary')} data-testid="crypto-explorer-link">
              View transaction
            </ExternalLink>
          )}
          <Link to={paths.myOrders.getHref()} className={buttonClass('primary')} onClick={onClose}>
            View order
          </Link>
        </DialogActions>
      </div>
    </Dialog>
  );
}
