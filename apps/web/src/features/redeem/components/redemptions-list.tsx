import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useMyRedeems } from '../api/get-my-redeems.ts';
import { grantLink, redeemedOn } from '../model/grant-link.ts';

/** The player's past redemptions, newest first, each with a link to where its grant shows. */
export function RedemptionsList() {
  const history = useMyRedeems();
  if (history.isError) return <LoadError title="Your redeemed codes could not be loaded" query={history} />;
  if (!history.data) return <LoadingBlock label="Loading your redeemed codes…" />;
  if (history.data.data.length === 0) return <p className="redeem-muted">You have not redeemed a code yet.</p>;
  return (
    <ul className="redeem-history" data-testid="redeem-history">
      {history.data.data.map((r) => {
        const link = grantLink(r);
        return (
          <li key={r._id} className="redeem-history__item">
            <span className="redeem-history__what">{r.granted}</span>
            <span className="redeem-muted">
              Code {r.code_hint}, <time dateTime={r.redeemed_at}>{redeemedOn(r.redeemed_at)}</time>
            </span>
            <Link to={link.href}>{link.text}</Link>
          </li>
        );
      })}
    </ul>
  );
}
