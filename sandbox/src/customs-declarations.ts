import type { ProductRow } from './rows';

/** A product's customs declaration in wire shape, or undefined when it has none. */
export function declarationJson(p: ProductRow) {
  if (p.declared_value_cents === null) return undefined;
  return { description: p.declared_description ?? '', declared_value: p.declared_value_cents / 100, country_of_origin: p.country_of_origin ?? '' };
}

/** Whether any live product of the order carries a declaration (the shopper must then confirm it to pay). */
export function hasDeclaration(products: ProductRow[]): boolean {
  return products.some((p) => p.deleted_at === null && p.declared_value_cents !== null);
}
