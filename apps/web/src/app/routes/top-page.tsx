import { BoardTabs } from '../../features/leaderboards/components/board-tabs.tsx';
import { SoldListSection } from '../../features/catalogue/components/sold-list-section.tsx';
import '../../features/leaderboards/components/leaderboards.css';

const LIST_SIZE = 12;

/** /top: the marketplace's top lists; every card opens the item's page. */
export default function TopPage() {
  return (
    <div className="page">
      <BoardTabs />
      <h1>Top sales</h1>
      <p className="muted board-lead">The most valuable trades between players, and what changed hands lately.</p>
      <SoldListSection
        list="topNft"
        title="Top NFT sales of all time"
        limit={LIST_SIZE}
        ranked
        emptyText="No NFT has been sold yet. The first sale on the marketplace takes the top spot."
      />
      <SoldListSection
        list="lastSevenDays"
        title="Top sales of the last 7 days"
        limit={LIST_SIZE}
        ranked
        emptyText="Nothing was sold in the last 7 days."
      />
      <SoldListSection
        list="recentlySold"
        title="Recently sold"
        limit={LIST_SIZE}
        emptyText="No sales have been recorded yet."
      />
    </div>
  );
}
