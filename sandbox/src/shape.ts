import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ResponseShape } from './context';

/** Reads SANDBOX_SHAPE: `envelope` keeps the `{ data }` answers, anything else is the spec's shape. */
export function shapeFromEnv(value: string | undefined): ResponseShape {
  return value?.trim().toLowerCase() === 'envelope' ? 'envelope' : 'spec';
}

// Money columns Rails keeps as decimal and serialises as strings.
const DECIMAL_KEYS = new Set([
  'cost_price', 'customs_price', 'delivery_price', 'service_fee', 'fees', 'sub_total', 'total_vat', 'total',
  'price', 'minimum_premium', 'insured_value', 'premium', 'declared_value', 'shipping_price', 'insurance_premium',
  'balance', 'amount', 'balance_after', 'credit_used', 'paid_now',
  'delivery_discount', 'freight_alone', 'freight_together', 'freight_alone_total', 'saving',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number as Rails renders a BigDecimal: "1200.0", "275.33". */
export function railsDecimal(n: number): string {
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

function decimalsAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decimalsAsText);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, DECIMAL_KEYS.has(key) && typeof v === 'number' ? railsDecimal(v) : decimalsAsText(v)]),
  );
}

/** An envelope answer in the spec's shape: `{ data: [...] }` a bare array, `{ data: {...}, extra }` the object with its extras. */
export function specBody(body: unknown): unknown {
  if (!isRecord(body) || !('data' in body)) return decimalsAsText(body);
  const { data, meta: _pagingOfAnEnvelope, ...extras } = body;
  if (isRecord(data)) return decimalsAsText({ ...data, ...extras });
  return decimalsAsText(data);
}

/** The request header that picks the shape of one answer, honoured only with the fault switches on (the end-to-end suite). */
export const SHAPE_HEADER = 'X-Sandbox-Shape';

/**
 * Rewrites every successful JSON answer of the API into the spec's shape; registration answers 201 Created. With
 * `perRequest` (the fault switches on), a request's {@link SHAPE_HEADER} picks its answer's shape: the suite proves
 * the client against both shapes in one run, a browser context of each.
 */
export function shapeMiddleware(served: ResponseShape, perRequest: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const asked = perRequest ? c.req.header(SHAPE_HEADER) : undefined;
    const shape = asked === undefined ? served : shapeFromEnv(asked);
    c.set('shape', shape);
    await next();
    if (shape === 'envelope' || !c.res.ok || !c.res.headers.get('content-type')?.includes('application/json')) return;
    const body: unknown = await c.res.clone().json();
    const created = c.req.method === 'POST' && c.req.path.replace(/\/+$/, '').endsWith('/api/web/v1/users');
    const status = created ? 201 : c.res.status;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    // Cleared first: Hono's setter would otherwise copy the old answer's headers onto the new one.
    c.res = undefined;
    c.res = new Response(JSON.stringify(specBody(body)), { status, headers });
  };
}
