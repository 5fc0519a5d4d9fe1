import type { ReactNode } from 'react';
import type { Shop } from '../../lib/shops';
import { visitShop } from '../../lib/stores/portals';

/** Props of the shop tile. */
export interface ShopTileProps {
  /** The shop; without one the tile says 'Select a Shop'. */
  shop?: Shop;
}

function Logo({ shop }: { shop: Shop }): ReactNode {
  return shop.picture ? (
    <img src={shop.picture} alt={shop.name} width={240} height={120} decoding="async" />
  ) : (
    <span className="shop-tile__name">{shop.name}</span>
  );
}

/** A shop's logo linked to its site in a new tab (the visit is recorded), or 'Select a Shop' when no shop is chosen (SPEC section 2). */
export function ShopTile({ shop }: ShopTileProps): ReactNode {
  if (!shop) return <div className="shop-tile shop-tile--empty">Select a Shop</div>;
  if (!shop.link) {
    return (
      <div className="shop-tile">
        <Logo shop={shop} />
      </div>
    );
  }
  const visit = () => visitShop(shop.id);
  return (
    <a
      className="shop-tile"
      href={shop.link}
      target="_blank"
      rel="noopener noreferrer"
      onClick={visit}
      // A middle click opens the shop too.
      onAuxClick={(event) => {
        if (event.button === 1) visit();
      }}
    >
      <Logo shop={shop} />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
