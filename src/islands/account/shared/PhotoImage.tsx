import { useState, type ReactNode } from 'react';
import type { WarehousePhoto } from '../../../lib/api/warehouse-photos';

/** Said in place of a photo whose link did not load (expired, offline, removed). */
export const PHOTO_FAILED = 'This photo could not be loaded. Try again, or reload the page for a fresh link.';

/** Props of one warehouse photo. */
export interface PhotoImageProps {
  photo: WarehousePhoto;
  /** A thumbnail: a button that opens the gallery at this photo. */
  onOpen?: () => void;
  /** Load it now rather than when it nears the screen (the gallery's first photo). */
  eager?: boolean;
}

/** One warehouse photo, lazily loaded with its product's name as alt text; one that fails says so and may be tried again. */
export function PhotoImage({ photo, onOpen, eager }: PhotoImageProps): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="photo-failed">
        <p>{PHOTO_FAILED}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setFailed(false);
            setAttempt(attempt + 1);
          }}
        >
          Load {photo.alt} again
        </button>
      </div>
    );
  }
  const image = (
    <img key={attempt} src={photo.url} alt={photo.alt} loading={eager ? 'eager' : 'lazy'} decoding="async" width="160" height="160" onError={() => setFailed(true)} />
  );
  if (!onOpen) return image;
  return (
    <button type="button" className="warehouse-photos__thumb" onClick={onOpen}>
      {image}
      <span className="visually-hidden"> (open full size)</span>
    </button>
  );
}
