import { apiWithHeaders } from './client';

/** Asks the warehouse for more photos (POST /orders/{id}/photo_requests): `created` false when the open request answered (200). */
export async function requestMorePhotos(orderId: number): Promise<{ created: boolean }> {
  const { status } = await apiWithHeaders<unknown>(`/orders/${orderId}/photo_requests`, { method: 'POST', body: { photo_request: {} } });
  return { created: status !== 200 };
}
