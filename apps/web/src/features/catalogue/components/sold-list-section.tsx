import { SoldCard, SoldCardSkeletons } from './sold-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSoldList, type SoldListName } from '../../../lib/sold-lists.ts';

type SoldListSectionProps = {
  list: SoldListName;
  title: string;
  limit: number;
  emptyText: string;
  /** number the cards #1, #2… (the ranked lists) */
  ranked?: boolean;
};

/** One list of recorded sales with its skeleton, empty and error states. */
export function SoldListSection({ list, title, limit, emptyText, ranked = false }: SoldListSectionProps) {
  const sales = useSoldList(list, limit);
  const id = `board-${list}`;
  return (
    <section className="board-section" aria-labelledby={id} data-list={list}>
      <h2 id={id}>{title}</h2>
      {sales.isPending && <SoldCardSkeletons count={4} />}
      {sales.isError && (
        <Alert tone="error" title={`${title} could not be loaded`}>
          <div className="row">
            <span>{sales.error.message}</span>
            <Button variant="secondary" onClick={() => void sales.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {sales.data && sales.data.data.length === 0 && <p className="board-empty">{emptyText}</p>}
      {sales.data && sales.data.data.length > 0 && (
        <div className="sold-grid">
          {sales.data.data.map((sale, i) => (
            <SoldCard key={sale._id} sale={sale} rank={ranked ? i + 1 : undefined} />
          ))}
        </div>
      )}
    </section>
  );
}
