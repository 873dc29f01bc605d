import type { HistoryEntry } from '@starport/schemas';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { formatCredit, formatDateTime, formatPrice } from '../../../lib/format.ts';

const KIND_LABELS: Record<HistoryEntry['kind'], string> = {
  purchase: 'Purchase',
  refund: 'Refund',
  sale: 'Sale',
  referral_reward: 'Referral reward',
  redeem: 'Code redeemed',
  penguin_earnings: 'Penguin earnings',
  gin_conversion: 'Gin converted',
};

/** "+$4.000", "−$40.000", "+250 DNC": which way it went, and how much. */
function amountOf(entry: HistoryEntry): string {
  const sign = entry.direction === 'in' ? '+' : '−';
  const parts = [];
  if (entry.usd !== null) parts.push(`${sign}${formatPrice(entry.usd)}`);
  if (entry.dnc !== null) parts.push(`${sign}${formatCredit(entry.dnc)} DNC`);
  return parts.join(' · ');
}

type HistoryListProps = {
  entries: HistoryEntry[];
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
};

/**
 * The owner page's History tab: what the player did and received, newest first, each entry with
 * its date, what moved and a link to the page where it lives. "Show older activity" adds the
 * next page and moves focus to the first entry it brought, so a keyboard user carries on there.
 */
export function HistoryList({ entries, hasMore, loadingMore, onShowMore }: HistoryListProps) {
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || entries.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('a.owner-history__title')[from]?.focus();
  }, [entries.length]);

  const showMore = () => {
    focusFrom.current = entries.length;
    onShowMore();
  };

  return (
    <>
      <ol className="owner-history" ref={list} data-testid="history-list">
        {entries.map((entry) => (
          <li key={entry._id} className="owner-history__entry" data-testid="history-entry" data-kind={entry.kind}>
            <div className="owner-history__what">
              <span className="owner-history__kind">{KIND_LABELS[entry.kind]}</span>
              <Link className="owner-history__title" to={entry.link}>
                {entry.title}
              </Link>
              {entry.detail && <span className="owner-history__detail">{entry.detail}</span>}
            </div>
            <div className="owner-history__when">
              <span className={`owner-history__amount owner-history__amount--${entry.direction}`} data-testid="history-amount">
                {amountOf(entry)}
              </span>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </div>
          </li>
        ))}
      </ol>
      {hasMore && (
        <Button variant="secondary" onClick={showMore} loading={loadingMore}>
          Show older activity
        </Button>
      )}
    </>
  );
}
