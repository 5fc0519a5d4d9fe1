import type { ReactNode } from 'react';
import type { OrderProduct } from '../../../lib/api/orders';
import { formatRand } from '../../../lib/format';
import { isHttpUrl } from '../../../lib/http-url';
import { ifUnavailableText } from '../../../lib/if-unavailable';
import { lineAmount } from './product-lines';

/** Props of the product table. */
export interface ProductTableProps {
  products: OrderProduct[];
  /** Offers a Delete button per product only when given. */
  onDelete?: (product: OrderProduct) => void;
  /** True while a product is being deleted: every Delete waits for it. */
  busy?: boolean;
  /** The table's caption. */
  caption: string;
  /** Adds each line's amount before VAT (quantity times price, customs and delivery), as a tax invoice lists it. */
  withAmounts?: boolean;
}

/** The products of an order with their prices; deletable when a handler is supplied. */
export function ProductTable({ products, onDelete, busy = false, caption, withAmounts = false }: ProductTableProps): ReactNode {
  return (
    <div className="table-scroll">
      <table className="product-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Customs</th>
            <th scope="col">Delivery</th>
            {withAmounts && <th scope="col">Amount</th>}
            {onDelete && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id}>
              <th scope="row">
                {isHttpUrl(product.description) ? (
                  <a href={product.description} target="_blank" rel="noopener noreferrer">
                    {product.name}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  product.name
                )}
                {product.comment && <span className="product-table__comment">{product.comment}</span>}
                {product.ifUnavailable && (
                  <span className="product-table__comment">{ifUnavailableText(product.ifUnavailable)}</span>
                )}
              </th>
              <td data-label="Quantity">{product.quantity}</td>
              <td data-label="Price">{formatRand(product.costPrice)}</td>
              <td data-label="Customs">{formatRand(product.customsPrice)}</td>
              <td data-label="Delivery">{formatRand(product.deliveryPrice)}</td>
              {withAmounts && <td data-label="Amount">{formatRand(lineAmount(product))}</td>}
              {onDelete && (
                <td>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={busy}
                    aria-label={`Delete ${product.name}`}
                    onClick={() => onDelete(product)}
                  >
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
