/** What a player with no plot reads on My Land, pointing at the map beside it (owned-assets.md §2.3). */
export function OwnsNoLand({ mapId }: { mapId: string }) {
  return (
    <div className="land-empty" data-testid="land-empty">
      <p>You own no land yet.</p>
      <p>
        Pick free plots on <a href={`#${mapId}`}>the map</a> and buy them with land credit; they will be listed here.
      </p>
    </div>
  );
}
