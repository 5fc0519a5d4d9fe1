import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import Cropper from 'react-cropper';
import type CropperJs from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import { encodeCrop, fileProblem, fitWithin, MAX_EDGE } from '../../lib/image';
import { messages } from '../../lib/schemas/rules';
import './image-crop-field.css';

/** Props of the screenshot field. */
export interface ImageCropFieldProps {
  id: string;
  label: string;
  name: string;
  /** The cropped image, or null. */
  value: Blob | null;
  onChange: (value: Blob | null) => void;
  onBlur?: () => void;
  /** A validation message of the form (shown when no file problem is). */
  error?: string;
  /** Text alternative of the cropped preview. */
  previewLabel: string;
  disabled?: boolean;
}

/** An object URL for a blob, revoked when the blob changes or the field goes. */
function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

async function decodes(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** Screenshot upload: choose a file, check it (type, content, size), crop it square, keep the re-encoded crop as a preview. */
export function ImageCropField({ id, label, name, value, onChange, onBlur, error, previewLabel, disabled }: ImageCropFieldProps): ReactNode {
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [ready, setReady] = useState(false);
  const [cropping, setCropping] = useState(false);
  const cropper = useRef<CropperJs>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const fileUrl = useObjectUrl(file);
  const previewUrl = useObjectUrl(value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shown = problem ?? (file ? undefined : error);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setFile(undefined);
    setReady(false);
    if (!chosen) return;
    let found = await fileProblem(chosen);
    if (!found && !(await decodes(chosen))) found = messages.imageType;
    setProblem(found);
    if (!found) setFile(chosen);
  };

  const crop = async () => {
    const area = cropper.current?.getData(true);
    if (!area) return;
    const canvas = cropper.current?.getCroppedCanvas({
      ...fitWithin(area.width, area.height, MAX_EDGE),
      imageSmoothingEnabled: true,
      imageSmoothingQuality: 'high',
    });
    if (!canvas) return;
    setCropping(true);
    try {
      onChange(await encodeCrop(canvas));
      setFile(undefined);
      if (input.current) input.current.value = '';
    } catch {
      setProblem(messages.imageType);
    } finally {
      setCropping(false);
    }
  };

  const cancel = () => {
    setFile(undefined);
    if (input.current) input.current.value = '';
  };

  return (
    <div className={`crop-field${shown ? ' crop-field--invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <p id={hintId} className="field-hint">
        A .jpg, .jpeg, .png or .webp file from 50KB to 10MB; you crop it square next.
      </p>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        className="crop-field__file"
        aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
        aria-invalid={shown ? true : undefined}
        disabled={disabled}
        onChange={(event) => void choose(event)}
        onBlur={onBlur}
      />
      <p id={errorId} className="field-error field-error--slot">
        {shown}
      </p>
      {fileUrl ? (
        <div className="crop-field__cropper">
          <Cropper
            src={fileUrl}
            alt={`Chosen image to crop for ${previewLabel.toLowerCase()}`}
            style={{ height: 320, width: '100%' }}
            aspectRatio={1}
            viewMode={1}
            minCropBoxWidth={10}
            minCropBoxHeight={10}
            minContainerWidth={200}
            minContainerHeight={100}
            autoCropArea={0.8}
            wheelZoomRatio={0.1}
            guides
            checkOrientation={false}
            onInitialized={(instance) => {
              cropper.current = instance;
            }}
            ready={() => setReady(true)}
          />
          <div className="crop-field__actions">
            <button type="button" className="button" disabled={!ready || cropping} onClick={() => void crop()}>
              {cropping ? 'Cropping…' : 'Crop Image'}
            </button>
            <button type="button" className="button button--ghost" onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {previewUrl ? <div className="crop-field__preview" role="img" aria-label={previewLabel} style={{ backgroundImage: `url("${previewUrl}")` }} /> : null}
    </div>
  );
}
