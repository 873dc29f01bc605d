import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';

/** The link a player shares: any page with `?code=<their wallet>` records them as the referrer. */
export const referralLinkOf = (code: string): string => `${window.location.origin}/?code=${encodeURIComponent(code)}`;

/**
 * The player's referral link, read-only, with Copy. A player without a wallet has no code yet:
 * the card says so and links to where a wallet is linked.
 */
export function ReferralLinkCard({ code }: { code: string | null }) {
  const fieldId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  if (!code) {
    return (
      <section className="owner-card" aria-labelledby={`${fieldId}-title`} data-testid="referral-link">
        <h2 id={`${fieldId}-title`}>Your referral link</h2>
        <p>Your referral link is built from your wallet address. Link a wallet to get yours.</p>
        <Link to={paths.connectWallet.getHref()}>Link a wallet</Link>
      </section>
    );
  }
  const link = referralLinkOf(code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // Clipboard access can be refused (permissions, an insecure page): the field stays selectable.
      setCopied('failed');
    }
  };
  return (
    <section className="owner-card" aria-labelledby={`${fieldId}-title`} data-testid="referral-link">
      <h2 id={`${fieldId}-title`}>Your referral link</h2>
      <div className="owner-card__copy">
        <Input label="Referral link" name="referral_link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="referral-link-value" />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p role="status" className="owner-card__note">
        {copied === 'yes' && 'Link copied.'}
        {copied === 'failed' && 'Could not copy: select the link and copy it yourself.'}
      </p>
    </section>
  );
}
