import type { OrderProduct } from '../../../lib/api/orders';

const cents = (rand: number): number => Math.round(rand * 100);

/** A product line's amount before VAT and the facilitation fee, as a tax invoice lists it: quantity times its price, customs and delivery, added in whole cents. */
export function lineAmount(product: Pick<OrderProduct, 'quantity' | 'costPrice' | 'customsPrice' | 'deliveryPrice'>): number {
  return (product.quantity * (cents(product.costPrice) + cents(product.customsPrice) + cents(product.deliveryPrice))) / 100;
}
