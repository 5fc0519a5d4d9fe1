import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Order } from '../../../lib/api/orders';
import { $photoRequests, askForMorePhotos, openRequestNotice, photoRequestStore } from '../../../lib/stores/photo-requests';
import type { PhotoGalleryProps } from './PhotoGallery';
import { PhotoImage } from './PhotoImage';
import './WarehousePhotos.css';

// Swiper and its styles arrive with the first tap on a photo, never with the page.
const PhotoGallery = lazy<ComponentType<PhotoGalleryProps>>(() =>
  import('./PhotoGallery').then(
    (m) => ({ default: m.PhotoGallery }),
    () => ({ default: () => <p role="alert">The full-size photos could not be loaded. Check your connection and reload the page.</p> }),
  ),
);

/** The order's warehouse photos (shown only for an order that has some), full size in a gallery on a tap, and "Ask for more photos". */
export function WarehousePhotos({ order }: { order: Order }): ReactNode {
  const [shown, setShown] = useState<number | null>(null);
  const { loading: sending } = useStore(photoRequestStore(order.id));
  const asked = useStore($photoRequests)[order.id];
  const photos = order.warehousePhotos ?? [];
  const notice = asked ?? openRequestNotice(order);
  return (
    <section className="warehouse-photos" aria-labelledby="warehouse-photos-title">
      <h3 id="warehouse-photos-title">Warehouse photos</h3>
      <ul className="warehouse-photos__list">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <PhotoImage photo={photo} onOpen={() => setShown(index)} />
          </li>
        ))}
      </ul>
      <button type="button" className="button button--ghost" disabled={sending} onClick={() => void askForMorePhotos(order.id)}>
        Ask for more photos
      </button>
      <p role="status" className={notice?.tone === 'problem' ? 'field-error' : 'notice'}>
        {notice?.text}
      </p>
      {shown === null ? null : (
        <Suspense fallback={null}>
          <PhotoGallery photos={photos} start={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </section>
  );
}
