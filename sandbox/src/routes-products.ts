import { Hono, type Context } from 'hono';
import { requireUser } from './auth';
import type { AppEnv, SandboxContext } from './context';
import { nowIso } from './db';
import { HttpError, notFound, pathId } from './http';
import { OPEN_STATUSES } from './order-ops';
import { endAttempts } from './payments';
import type { OrderRow, ProductRow } from './rows';
import { orderProducts, ownOrder, productOfOrder } from './serialize';

function ownProduct(ctx: SandboxContext, c: Context<AppEnv>): { product: ProductRow; order: OrderRow } {
  const product = ctx.db.prepare('SELECT * FROM products WHERE id = ?').get(pathId(c)) as ProductRow | undefined;
  if (!product) throw notFound();
  return { product, order: ownOrder(ctx, product.order_id, c.get('user').id) };
}

function assertOpen(order: OrderRow): void {
  if (!OPEN_STATUSES.includes(order.status)) {
    throw new HttpError(422, `Products of a ${order.status} order can no longer be changed`);
  }
}

/** /products routes: show, soft delete (not the last one, not once finalized) and restore. */
export function productsRoutes(ctx: SandboxContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', requireUser(ctx));

  r.get('/:id', (c) => {
    const { product, order } = ownProduct(ctx, c);
    return c.json({ data: productOfOrder(ctx, c.get('origin'), order, product.id) });
  });

  r.delete('/:id', (c) => {
    const { product, order } = ownProduct(ctx, c);
    if (product.deleted_at !== null) throw notFound();
    assertOpen(order);
    const live = orderProducts(ctx, order.id).filter((p) => p.deleted_at === null);
    if (live.length <= 1) throw new HttpError(422, 'An order needs at least one product');
    ctx.db.transaction(() => {
      ctx.db.prepare('UPDATE products SET deleted_at = ? WHERE id = ?').run(nowIso(), product.id);
      endAttempts(ctx, order.id, `${product.name} was removed from the order.`);
    })();
    return c.json({ data: { id: product.id, name: product.name } });
  });

  r.post('/:id/restore', (c) => {
    const { product, order } = ownProduct(ctx, c);
    assertOpen(order);
    if (product.deleted_at !== null) {
      ctx.db.transaction(() => {
        ctx.db.prepare('UPDATE products SET deleted_at = NULL WHERE id = ?').run(product.id);
        endAttempts(ctx, order.id, `${product.name} was put back on the order.`);
      })();
    }
    return c.json({ data: productOfOrder(ctx, c.get('origin'), order, product.id) });
  });

  return r;
}
