import type { Order } from '@starport/schemas';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { BoxOpenings } from '../../../components/box-openings/box-openings.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { METHOD_LABELS } from './order-labels.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import './orders-table.css';

const COLUMNS = ['Order', 'Date', 'Status', 'Method', 'Items', 'Total'] as const;
const SKELETON_ROWS = 5;

type OrdersTableProps = {
  orders: Order[];
  /** a newer page is on its way: the rows shown are the previous ones */
  refreshing?: boolean;
  onCancel: (code: string) => void;
  /** what a pending order offers besides Cancel (the app's Continue payment); none by default */
  payAction?: PayAction;
};

/** A slot the app fills: this area does not know how payments are made. */
export type PayAction = (order: Order) => ReactNode;

/**
 * The orders as a table on wide screens; below 720 px each row becomes a card whose cells carry
 * their own labels, so a 360 px phone never scrolls sideways.
 */
export function OrdersTable({ orders, refreshing = false, onCancel, payAction }: OrdersTableProps) {
  return (
    <table className="orders-table" aria-busy={refreshing || undefined} data-refreshing={refreshing || undefined}>
      <OrdersHead />
      <tbody>
        {orders.map((order) => (
          <OrderRow key={order.code} order={order} onCancel={onCancel} payAction={payAction} />
        ))}
      </tbody>
    </table>
  );
}

function OrdersHead() {
  return <TableHead columns={COLUMNS} actionsLabel="Actions" />;
}

function OrderRow({ order, onCancel, payAction }: { order: Order; onCancel: (code: string) => void; payAction?: PayAction }) {
  const pending = order.status === 'pending';
  // A refunded order's boxes were opened too: what they gave stays on record.
  const paid = order.status === 'paid' || order.status === 'fulfilled' || order.status === 'refunded';
  return (
    <tr className="orders-table__row" data-testid="order-row">
      <td data-label="Order">
        <span className="orders-table__code" data-testid="order-code">
          {order.code}
        </span>
      </td>
      <td data-label="Date">
        <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
      </td>
      <td data-label="Status">
        <div>
          <OrderStatusBadge status={order.status} />
          {pending && (
            <span className="orders-table__note" data-testid="order-expires">
              Reserved for you until <time dateTime={order.expires_at}>{formatDateTime(order.expires_at)}</time>
            </span>
          )}
        </div>
      </td>
      <td data-label="Method" data-testid="order-method">
        {METHOD_LABELS[order.method]}
      </td>
      <td data-label="Items">
        <ul className="orders-table__lines">
          {order.lines.map((line) => (
            <li key={`${line.object}:${line.id}`} data-testid="order-line">
              {line.name} × {line.total}
              <BoxOpenings line={line} paid={paid} />
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Total">
        <div>
          <strong data-testid="order-total">{formatPrice(order.total)}</strong>
          {order.discount > 0 && (
            <span className="orders-table__note">
              after a {order.discount_percent}% volume discount of {formatPrice(order.discount)}
            </span>
          )}
        </div>
      </td>
      <td className="orders-table__actions">
        {pending && payAction?.(order)}
        {pending && (
          <Button variant="secondary" onClick={() => onCancel(order.code)}>
            Cancel order
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Placeholder rows in the same frame as the real ones, so the page does not jump when they land. */
export function OrdersTableSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading your orders…
      </p>
      <table className="orders-table" aria-hidden="true" data-testid="orders-loading">
        <OrdersHead />
        <tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <tr key={i} className="orders-table__row">
              {[...COLUMNS, ''].map((column) => (
                <td key={column} data-label={column || undefined} className={column ? undefined : 'orders-table__actions'}>
                  {column && <span className="orders-table__skeleton" />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
