import type { ReactNode } from 'react';
import type { OrderProduct } from '../../lib/api/orders';
import { formatCountry, formatRand } from '../../lib/format';
import { declarationProblem } from '../../lib/stores/quote-choice';

/** Props of the customs declaration table. */
export interface DeclarationTableProps {
  /** The order's products; only the declared ones are listed. */
  products: OrderProduct[];
  caption: string;
  /** Says on a row when its declaration looks wrong (a value of zero or above the price), before the shopper confirms it. */
  withProblems?: boolean;
}

/** What each product is declared as to customs: description, value per item and country of origin (issue 44). */
export function DeclarationTable({ products, caption, withProblems = false }: DeclarationTableProps): ReactNode {
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
            const problem = withProblems ? declarationProblem(product) : undefined;
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
