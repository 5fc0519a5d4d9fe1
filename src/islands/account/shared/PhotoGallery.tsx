import { useEffect, useRef, type ReactNode } from 'react';
import Swiper from 'swiper';
import { A11y, Keyboard, Navigation } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/a11y';
import type { WarehousePhoto } from '../../../lib/api/warehouse-photos';
import { Modal } from '../../ui/Modal';
import { PhotoImage } from './PhotoImage';

/** Props of the full-size gallery. */
export interface PhotoGalleryProps {
  photos: WarehousePhoto[];
  /** The index of the photo tapped: the gallery opens there. */
  start: number;
  onClose: () => void;
}

/** The warehouse photos full size in a swiper, in a dialog that opens at the tapped photo; Escape closes it. */
export function PhotoGallery({ photos, start, onClose }: PhotoGalleryProps): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!container.current) return undefined;
    const swiper = new Swiper(container.current, {
      modules: [A11y, Keyboard, Navigation],
      initialSlide: start,
      spaceBetween: 16,
      keyboard: { enabled: true },
      navigation: { prevEl: prev.current, nextEl: next.current },
      a11y: {
        prevSlideMessage: 'Previous photo',
        nextSlideMessage: 'Next photo',
        firstSlideMessage: 'This is the first photo',
        lastSlideMessage: 'This is the last photo',
        slideLabelMessage: 'Photo {{index}} of {{slidesLength}}',
        itemRoleDescriptionMessage: 'photo',
      },
      speed: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 300,
    });
    return () => {
      swiper.destroy();
    };
  }, [start]);
  return (
    <Modal title="Warehouse photos" size="wide" onClose={onClose}>
      <div ref={container} className="swiper photo-gallery">
        <div className="swiper-wrapper">
          {photos.map((photo, index) => (
            <figure key={photo.id} className="swiper-slide photo-gallery__slide">
              <PhotoImage photo={photo} eager={index === start} />
              <figcaption>{photo.alt}</figcaption>
            </figure>
          ))}
        </div>
      </div>
      <div className="button-row photo-gallery__controls">
        <button ref={prev} type="button" className="button button--ghost">
          Previous photo
        </button>
        <button ref={next} type="button" className="button button--ghost">
          Next photo
        </button>
      </div>
    </Modal>
  );
}
