/**
 * A data table's header row: one `col` header a column, and a last column for the row's
 * actions, named for screen readers only (its buttons or links say what they do).
 */
export function TableHead({ columns, actionsLabel }: { columns: readonly string[]; actionsLabel: string }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        <th scope="col">
          <span className="sr-only">{actionsLabel}</span>
        </th>
      </tr>
    </thead>
  );
}
