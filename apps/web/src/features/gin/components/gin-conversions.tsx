import type { GinConversion, GinConversionStatus } from '@starport/schemas';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useGinConversions } from '../api/get-gin-conversions.ts';
import { TxLink } from './tx-link.tsx';

const STATUS_TEXT: Record<GinConversionStatus, string> = {
  quoted: 'Not sent',
  verifying: 'Validating',
  credited: 'Credited',
  failed: 'Failed',
  review: 'Under review',
  expired: 'Expired',
};

/** The player's recent conversions: what was sent, what it gave, and where each one stands. */
export function GinConversions() {
  const query = useGinConversions();
  let body;
  if (query.isPending) body = <LoadingBlock label="Loading your conversions…" />;
  else if (query.isError) body = <LoadError title="Your conversions could not be loaded" query={query} />;
  else if (query.data.data.length === 0) body = <p className="gin-muted">You have not converted any Gin yet.</p>;
  else {
    body = (
      <div className="gin-table-wrap">
        <table className="gin-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Gin</th>
              <th scope="col">DNC</th>
              <th scope="col">Status</th>
              <th scope="col">Transaction</th>
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((c) => (
              <ConversionRow key={c.tid} conversion={c} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section className="gin-conversions" aria-labelledby="gin-conversions-title" aria-busy={query.isFetching || undefined}>
      <h2 id="gin-conversions-title">Your conversions</h2>
      {body}
    </section>
  );
}

function ConversionRow({ conversion: c }: { conversion: GinConversion }) {
  return (
    <tr data-testid="gin-conversion-row">
      <td>{formatDateTime(c.created_at)}</td>
      <td>{c.total}</td>
      <td>{c.dnc}</td>
      <td data-testid="gin-conversion-status">
        {STATUS_TEXT[c.status]}
        {c.failure && <span className="gin-muted"> — {c.failure}</span>}
      </td>
      <td>{c.txh ? <TxLink txh={c.txh} url={c.tx_url} /> : '—'}</td>
    </tr>
  );
}
