import type { ReactNode } from 'react';
import type { OrderProduct } from '../../../lib/api/orders';
import { formatCountry } from '../../../lib/country';
import { formatRand } from '../../../lib/format';

/** Props of the customs declaration table. */
export interface DeclarationTableProps {
  /** The order's products; only the declared ones are listed. */
  products: OrderProduct[];
  caption: string;
  /** What looks wrong in a product's declaration, said on its row before the shopper confirms it (the quote page's rule, so that the invoice does not load it). */
  problemOf?: (product: OrderProduct) => string | undefined;
}

/** What each product is declared as to customs: description, value per item and country of origin (issue 44). */
export function DeclarationTable({ products, caption, problemOf }: DeclarationTableProps): ReactNode {
  return (
    <div className="table-scroll">
      <table className="product-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Declared as</th>
            <th scope="col">Declared value</th>
            <th scope="col">Country of origin</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const { declaration } = product;
            if (!declaration) return null;
            const problem = problemOf?.(product);
            return (
              <tr key={product.id}>
                <th scope="row">
                  {product.name}
                  {problem && <span className="field-error product-table__comment">{problem}</span>}
                </th>
                <td data-label="Declared as">{declaration.description || 'Not given'}</td>
                <td data-label="Declared value">
                  {declaration.declaredValue === null ? 'Not given' : formatRand(declaration.declaredValue)}
                  {product.quantity > 1 && ' each'}
                </td>
                <td data-label="Country of origin">{formatCountry(declaration.countryOfOrigin) || 'Not given'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
