import type { MyPenguin } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { Button } from '../../../components/ui/button.tsx';

type PenguinsTableProps = {
  penguins: MyPenguin[];
  onAssign: (penguin: MyPenguin) => void;
  onRemove: (penguin: MyPenguin) => void;
  /** the penguin whose ship is being removed */
  removing: string | null;
};

/** ID, Name, Photo, Spaceship and accrued DNC (owned-assets.md §2.10); on phones each row reads as a card. */
export function PenguinsTable({ penguins, onAssign, onRemove, removing }: PenguinsTableProps) {
  return (
    <table className="penguins-table">
      <caption className="sr-only">Your penguins and the spaceships assigned to them</caption>
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Name</th>
          <th scope="col">Photo</th>
          <th scope="col">Spaceship</th>
          <th scope="col">Accrued DNC</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {penguins.map((p) => (
          <tr key={p._id} data-testid="penguin-row">
            <td data-label="ID">{p._id}</td>
            <th scope="row" data-label="Name">
              {p.name}
              <span className="penguins-muted">
                {p.rarity_name} · {p.daily_dnc} DNC a day
              </span>
            </th>
            <td data-label="Photo">
              <img src={withSize(p.image, '300x300')} alt={`${p.name}, ${p.rarity_name} penguin`} width={64} height={64} loading="lazy" />
            </td>
            <td data-label="Spaceship" data-testid="penguin-ship">
              {p.spaceship ? (
                <span className="penguins-table__ship">
                  <img src={withSize(p.spaceship.item.image, '300x300')} alt="" width={48} height={48} loading="lazy" />
                  {p.spaceship.item.name}
                </span>
              ) : (
                <span className="penguins-muted">None</span>
              )}
            </td>
            <td data-label="Accrued DNC" data-testid="penguin-accrued">
              {p.accrued_dnc}
            </td>
            <td className="penguins-table__actions">
              {p.spaceship ? (
                <Button
                  variant="secondary"
                  aria-label={`Remove ${p.spaceship.item.name} from ${p.name}`}
                  loading={removing === p._id}
                  disabled={removing !== null}
                  onClick={() => onRemove(p)}
                >
                  Remove
                </Button>
              ) : (
                <Button aria-label={`Assign spaceship to ${p.name}`} onClick={() => onAssign(p)}>
                  Assign spaceship
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
