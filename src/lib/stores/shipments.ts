import { createShipment, shipmentCandidates, type Shipment, type ShipmentCandidateGroup } from '../api/pickup';
import { ORDERS_KEY } from './orders';
import { createFetcherStore, createWriteStore } from './query';

/** The key prefix of the shipment reads: a new shipment asks them again. */
export const SHIPMENTS_KEY = 'shipments';

/**
 * The shopper's orders at the warehouse that can ship together (GET /shipments/candidates), grouped by destination,
 * asked again at every screen that shows them (orders leave the warehouse on the server); null when the service cannot
 * combine orders (404 or 405).
 */
export const $shipmentCandidates = createFetcherStore<ShipmentCandidateGroup[] | null>(
  [`${SHIPMENTS_KEY}/candidates`],
  async () => (await shipmentCandidates()) ?? null,
  { freshness: 'every-mount', scope: 'personal' },
);

/**
 * Ships orders together (POST /shipments); resolves with the shipment and its one quote. Success or refusal, the
 * candidates and every order read are asked again: the orders now answer `shipment`, and a refusal (an order that left
 * the warehouse meanwhile) changed the groups.
 */
export const $createShipment = createWriteStore<readonly number[], Shipment>((orderIds) => createShipment(orderIds), [SHIPMENTS_KEY, ORDERS_KEY]);
