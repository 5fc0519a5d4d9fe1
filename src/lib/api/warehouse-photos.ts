import { config } from '../config';
import { asInt, asNullableText, asRecords, asText } from './decode';

/** A photo the warehouse took of one product of a received order: a signed, expiring link on the service's host. */
export interface WarehousePhoto {
  id: number;
  productId: number;
  url: string;
  /** The product's name (the service's `alt`, else the order's product); never empty. */
  alt: string;
}

/** A shopper's "Ask for more photos" (what the page needs of it): `answeredAt` null while the warehouse has not added photos since. */
export interface PhotoRequest {
  id: number;
  answeredAt: string | null;
}

/** True for an upload link the page may show: http(s) on the service's own host, with no credentials in it. */
export function isPhotoUrl(value: string, apiHost: string = config.apiHost): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && !url.username && !url.password && url.host === new URL(apiHost).host;
  } catch {
    return false;
  }
}

/** The order's `warehouse_photos`, oldest first: missing or garbled is none, a photo without a safe link is dropped. */
export function warehousePhotosFromWire(value: unknown, products: readonly { id: number; name: string }[] = [], apiHost?: string): WarehousePhoto[] {
  return asRecords(value)
    .map((p) => {
      const productId = asInt(p.product_id);
      const alt = asText(p.alt).trim() || products.find((x) => x.id === productId)?.name || 'Photo of your item';
      return { id: asInt(p.id), productId, url: asText(p.url), alt };
    })
    .filter((p) => isPhotoUrl(p.url, apiHost));
}

/** The order's `photo_requests`; missing or garbled is none. */
export function photoRequestsFromWire(value: unknown): PhotoRequest[] {
  return asRecords(value).map((r) => ({ id: asInt(r.id), answeredAt: asNullableText(r.answered_at) }));
}
