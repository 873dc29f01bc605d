import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useClaimLands } from '../api/claim-lands.ts';
import { useMyLands } from '../api/get-my-lands.ts';
import { GoalandTable } from '../components/goaland-table.tsx';
import './goaland.css';

/**
 * /my/goaland (owned-assets.md §2.12): every plot the player owns earns DNC each whole day,
 * collected once per UTC day (decision 0046).
 */
export default function GoalandPage() {
  const query = useMyLands();
  const claim = useClaimLands();
  const [notice, setNotice] = useState<string | null>(null);

  const onCollect = () => {
    setNotice(null);
    claim.mutate(undefined, { onSuccess: (answer) => setNotice(answer.msg) });
  };

  let body;
  if (query.isPending) body = <LoadingBlock label="Loading your land staking…" />;
  else if (query.isError) body = <LoadError title="Your land staking could not be loaded" query={query} />;
  else body = <GoalandTable summary={query.data} onCollect={onCollect} collecting={claim.isPending} />;

  return (
    <div className="page goaland">
      <h1>GOALAND Land Staking</h1>
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {claim.isError && (
        <Alert tone="error" title="Sorry" onDismiss={() => claim.reset()}>
          {messageOf(claim.error)}
        </Alert>
      )}
      <section aria-label="Your land staking" aria-busy={query.isFetching || undefined}>
        {body}
      </section>
    </div>
  );
}
