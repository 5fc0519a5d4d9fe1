import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
// The toasts' styles stay in the page's stylesheet: the code alone is fetched later, in one request.
import 'react-toastify/ReactToastify.css';
import { loadOnce } from '../../lib/load-once';
import { errorMessage } from '../../lib/error-message';

/** SPEC section 9: success toasts stay 5000 ms, others 3000 ms unless the spec says 5000. */
export const TOAST_MS = { success: 5000, error: 3000, long: 5000 } as const;

type Kit = typeof import('./ToastKit');

// The toast library (about 7 KB gzipped) is fetched when the page first needs it: at the first toast or at the
// visitor's first input. A page that is only read never loads it.
let loaded: Kit | undefined;
const regions = new Set<(kit: Kit) => void>();

const loadKit = loadOnce(() =>
  import('./ToastKit').then((module) => {
    loaded = module;
    for (const mount of regions) mount(module);
    return module;
  }),
);

function withKit(use: (kit: Kit) => void): void {
  // A toast whose code cannot be fetched (offline before the worker kept it) is lost; the screen's own state still says what happened.
  loadKit().then(use, () => undefined);
}

// Toasts answer what the visitor does: their code is fetched at the first tap, key press or field focus, before the
// action it answers can fail (a connection lost later could no longer fetch it).
const FIRST_INPUT = ['pointerdown', 'keydown', 'focusin'] as const;

let owner: symbol | undefined;

// The region lives in a node of its own at the end of <body>, so that an open modal dialog can take it in: a modal
// dialog makes everything outside it inert, toasts included, and paints over them.
let host: HTMLDivElement | undefined;

function toastHost(): HTMLDivElement {
  host ??= document.createElement('div');
  if (!host.isConnected) document.body.append(host);
  return host;
}

/** Moves the toasts into an open modal dialog (visible, announced); returns what moves them back to the page. */
export function keepToastsIn(dialog: HTMLElement): () => void {
  const region = toastHost();
  dialog.append(region);
  return () => {
    if (region.parentElement === dialog) document.body.append(region);
  };
}

/** The one toast region of the page; a second island's copy stays silent. Toasts shown before it mounts wait in the library's queue. */
export function Toasts(): ReactNode {
  const [id] = useState(() => Symbol('toasts'));
  const [active, setActive] = useState(false);
  const [Region, setRegion] = useState<Kit['ToastRegion'] | undefined>(() => loaded?.ToastRegion);
  useEffect(() => {
    if (owner) return undefined;
    owner = id;
    setActive(true);
    return () => {
      owner = undefined;
    };
  }, [id]);
  useEffect(() => {
    if (!active) return undefined;
    const mount = (module: Kit): void => setRegion(() => module.ToastRegion);
    const prepare = (): void => void loadKit().catch(() => undefined);
    if (loaded) mount(loaded);
    regions.add(mount);
    for (const type of FIRST_INPUT) window.addEventListener(type, prepare, { capture: true, once: true, passive: true });
    return () => {
      regions.delete(mount);
      for (const type of FIRST_INPUT) window.removeEventListener(type, prepare, { capture: true });
    };
  }, [active]);
  return active && Region ? createPortal(<Region />, toastHost()) : null;
}

/** Shows the toasts of SPEC section 8 with their durations. */
export const notify = {
  /** A success message, 5000 ms. */
  success(message: string): void {
    withKit((k) => k.showToast('success', message, TOAST_MS.success));
  },
  /** A failure message, 3000 ms by default (5000 where the spec says so). */
  error(message: string, ms: number = TOAST_MS.error): void {
    withKit((k) => k.showToast('error', message, ms));
  },
  /** A warning that stays 5000 ms. */
  warning(message: string): void {
    withKit((k) => k.showToast('warning', message, TOAST_MS.long));
  },
  /** A message with an Undo button that stays until closed or undone. */
  undo(message: string, onUndo: () => void): void {
    withKit((k) => k.showUndoToast(message, onUndo));
  },
};

/** Toasts any failure with its SPEC section 8 message (3000 ms): the one way a view reports an error in a toast. */
export function toastError(error: unknown): void {
  notify.error(errorMessage(error));
}
