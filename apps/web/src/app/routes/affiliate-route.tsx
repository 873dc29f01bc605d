import { useAccountStore } from '../../lib/account-store.ts';
import { useMyReferrals } from '../../features/owner/api/get-my-referrals.ts';
import AffiliatePage from '../../features/staking/pages/affiliate-page.tsx';
import { formatPrice } from '../../lib/format.ts';

/** The owner page's referral figures (GET /api/my/ref), for a signed-in player. */
export function ReferralFigures() {
  const signedIn = useAccountStore((s) => s.status.loggedIn);
  if (!signedIn) return <p>Sign in to see the players who joined with your link and what they earned you.</p>;
  return <SignedInReferrals />;
}

function SignedInReferrals() {
  const query = useMyReferrals(1);
  if (query.isPending) return <p>Loading your referrals…</p>;
  if (query.isError) return <p role="alert">{query.error.message}</p>;
  const { total, received, orders, volume } = query.data;
  return (
    <dl className="staking-figures">
      <div className="staking-figures__item">
        <dt>Referred players</dt>
        <dd>{total}</dd>
      </div>
      <div className="staking-figures__item">
        <dt>Referral volume</dt>
        <dd>{formatPrice(volume)}</dd>
      </div>
      <div className="staking-figures__item">
        <dt>Earned from referrals</dt>
        <dd>
          {formatPrice(received)}
          <span className="staking-figures__note">
            from {orders} {orders === 1 ? 'order' : 'orders'}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/** /affiliate: the staking area's page with the owner area's referral figures (features do not import each other). */
export default function AffiliateRoute() {
  return <AffiliatePage renderReferrals={() => <ReferralFigures />} />;
}
