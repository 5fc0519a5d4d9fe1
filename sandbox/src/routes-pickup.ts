import { Hono } from 'hono';
import { requireUser } from './auth';
import type { AppEnv, SandboxContext } from './context';
import { readBody } from './http';
import { searchPoints } from './pickup';
import { createShipment, shipmentCandidates } from './shipments';

/** /pickup_points (issue 57): the points near a place typed (`q`) or at coordinates (`lat`, `lng`), nearest first. */
export function pickupPointsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));
  r.get('/', (c) => c.json({ data: searchPoints(ctx, { q: c.req.query('q'), lat: c.req.query('lat'), lng: c.req.query('lng') }) }));
  return r;
}

/** /shipments (issue 57): the shopper's orders that can ship together, and combining them. */
export function shipmentsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));
  r.get('/candidates', (c) => c.json({ data: shipmentCandidates(ctx, c.get('user').id) }));
  r.post('/', async (c) => c.json({ data: createShipment(ctx, c.get('user').id, await readBody(c)) }, 201));
  return r;
}
