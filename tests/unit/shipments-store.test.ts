// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/lib/api/orders';
import type { Shipment, ShipmentCandidateGroup } from '../../src/lib/api/pickup';
import { anOrder } from './order-fixture';

vi.mock('../../src/lib/api/pickup', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/pickup')>()),
  shipmentCandidates: vi.fn(),
  createShipment: vi.fn(),
}));

const pickupApi = await import('../../src/lib/api/pickup');
const session = await import('../../src/lib/stores/session');
const { $shipmentCandidates, $createShipment } = await import('../../src/lib/stores/shipments');
const { $orders } = await import('../../src/lib/stores/orders');
const ordersApi = await import('../../src/lib/api/orders');
const { ApiError } = await import('../../src/lib/api/errors');

const group: ShipmentCandidateGroup = {
  destination: { method: 'address', addressId: 3 },
  orders: [
    { id: 4, freightAlone: 60, storageFreeUntil: '2026-12-20' },
    { id: 14, freightAlone: 260, storageFreeUntil: '2026-12-24' },
  ],
  freightAloneTotal: 320,
  freightTogether: 290,
  saving: 30,
};
const shipment: Shipment = { id: 1, orderIds: [4, 14], freightAloneTotal: 320, freightTogether: 290, saving: 30, quote: { subTotal: 290, totalVat: 43.5, total: 333.5 } };

let stops: (() => void)[] = [];
function mount(store: { listen: (cb: () => void) => () => void }): void {
  stops.push(store.listen(() => undefined));
}

beforeEach(() => {
  vi.clearAllMocks();
  session.storeTokens('access', 'refresh', false);
});

afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  $createShipment.set({ loading: false });
  session.clearTokens();
});

describe('shipping together', () => {
  it('reads the candidates, and null (not a spinner for ever) when the service cannot combine', async () => {
    vi.mocked(pickupApi.shipmentCandidates).mockResolvedValue(undefined);
    mount($shipmentCandidates);
    await vi.waitFor(() => expect($shipmentCandidates.get()).toMatchObject({ data: null, loading: false }));
  });

  it('a shipment made reads the candidates and the orders again: the group is gone, each order says what it ships with', async () => {
    const listOrders = vi.spyOn(ordersApi, 'listOrders');
    const page = (orders: Order[]) => ({ orders, meta: { currentPage: 1, totalPages: 1, totalCount: orders.length } });
    listOrders.mockResolvedValue(page([anOrder({ id: 4 }), anOrder({ id: 14 })]));
    vi.mocked(pickupApi.shipmentCandidates).mockResolvedValue([group]);
    mount($shipmentCandidates);
    mount($orders);
    await vi.waitFor(() => expect($shipmentCandidates.get().data).toEqual([group]));
    await vi.waitFor(() => expect($orders.get().data).toHaveLength(2));

    vi.mocked(pickupApi.shipmentCandidates).mockResolvedValue([]);
    listOrders.mockResolvedValue(page([anOrder({ id: 4, shipment: { id: 1, with: [14] } }), anOrder({ id: 14, shipment: { id: 1, with: [4] } })]));
    vi.mocked(pickupApi.createShipment).mockResolvedValue(shipment);
    await expect($createShipment.mutate([4, 14])).resolves.toEqual({ data: shipment });
    expect(pickupApi.createShipment).toHaveBeenCalledWith([4, 14]);
    await vi.waitFor(() => expect($shipmentCandidates.get().data).toEqual([]));
    await vi.waitFor(() => expect($orders.get().data?.[0]?.shipment).toEqual({ id: 1, with: [14] }));
    listOrders.mockRestore();
  });

  it('a refusal keeps the service’s words and still reads the candidates again', async () => {
    vi.mocked(pickupApi.shipmentCandidates).mockResolvedValue([group]);
    mount($shipmentCandidates);
    await vi.waitFor(() => expect($shipmentCandidates.get().data).toEqual([group]));
    vi.mocked(pickupApi.shipmentCandidates).mockResolvedValue([]);
    const errors = { order_ids: ['Order 14 has left the warehouse: it can no longer ship with the others'] };
    vi.mocked(pickupApi.createShipment).mockRejectedValue(new ApiError('Unprocessable', 'client', { status: 422, errors }));
    await expect($createShipment.mutate([4, 14])).resolves.toEqual({ error: expect.objectContaining({ status: 422, errors }) });
    await vi.waitFor(() => expect($shipmentCandidates.get().data).toEqual([]));
  });
});
