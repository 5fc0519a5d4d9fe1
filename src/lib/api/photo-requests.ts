import { apiWithHeaders } from './client';
import { readOptional } from './decode';
import { photoRequestFromWire, type PhotoRequest } from './warehouse-photos';

/** Asks the warehouse for more photos (POST /orders/{id}/photo_requests): `created` false when the open request answered (200). */
export async function requestMorePhotos(orderId: number): Promise<{ created: boolean; request: PhotoRequest | null }> {
  const { body, status } = await apiWithHeaders<unknown>(`/orders/${orderId}/photo_requests`, { method: 'POST', body: { photo_request: {} } });
  const request = readOptional(body, 'photo_request');
  return { created: status !== 200, request: request ? photoRequestFromWire(request) : null };
}
