import { atom } from 'nanostores';
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { $accessToken, $signedIn } from './session';
import { fetchCurrentUser } from './user';
import { isRemembered, readSessionUser } from '../api/token-storage';
import { DRAFT_DATABASE, DRAFT_KEY, markBrowserSession } from '../draft-lifetime';
import { IF_UNAVAILABLE_RULES, type IfUnavailableRule } from '../if-unavailable';
import { DELIVERY_METHODS, type DeliveryMethod, type OrderFormValues, type ProductValues } from '../schemas/order';

/** The draft format's version; a stored draft of another version is dropped (version 1 had no owner). */
export const DRAFT_VERSION = 2;
/** Most product blocks a draft may hold (the server's limit). */
export const MAX_PRODUCTS = 50;

/** A product block as stored in localStorage: the screenshot itself lives in IndexedDB. */
interface StoredProduct extends Omit<ProductValues, 'screenshot'> {
  hasScreenshot: boolean;
}

/**
 * The versioned JSON kept under `initial_values`, with the user id of the shopper who typed it (null: a visitor) and
 * whether their session was Keep me signed in (src/lib/draft-lifetime.ts drops it at a page start after that session ended).
 */
interface StoredDraft {
  version: typeof DRAFT_VERSION;
  owner: number | null;
  remembered: boolean;
  values: Omit<OrderFormValues, 'products'> & { products: StoredProduct[] };
}

/** Whose draft this page keeps: the signed-in shopper's user id, or null while a visitor types it. */
let owner: number | null = null;

/** True once saving the draft has failed (quota, blocked storage); the form keeps working. */
export const $draftSaveFailed = atom(false);

let counter = 0;

/** A fresh block key, unique within the page and across reloads. */
function newKey(): string {
  counter += 1;
  return `p${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new product block named after the highest 'Product N' so far (Product 1, Product 2, ...), quantity 1. */
export function newProduct(existing: readonly Pick<ProductValues, 'name'>[] = []): ProductValues {
  const highest = existing.reduce((max, p) => {
    const match = /^Product (\d+)$/.exec(p.name);
    return match ? Math.max(max, Number(match[1])) : max;
  }, 0);
  return {
    key: newKey(),
    name: `Product ${Math.max(highest, existing.length) + 1}`,
    description: '',
    quantity: 1,
    comment: '',
    screenshot: null,
    ifUnavailable: 'ask_me',
    alternative: '',
  };
}

/** The order form's defaults: no portal, delivery to an address not chosen yet, no pickup point, one empty product. */
export function defaultValues(): OrderFormValues {
  return { portal: 0, addressId: 0, products: [newProduct()], agreed: false, delivery: 'address', pickupPointCode: '', pickupPointName: '' };
}

/** True when the shopper has entered nothing worth warning about on leaving. */
export function isDraftBlank(values: OrderFormValues): boolean {
  return (
    values.portal === 0 &&
    values.products.length <= 1 &&
    values.products.every(
      (p) => p.description.trim() === '' && p.comment.trim() === '' && !p.screenshot && p.quantity === 1 && p.ifUnavailable === 'ask_me' && p.alternative.trim() === '',
    )
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function parseProduct(raw: unknown): StoredProduct | undefined {
  if (!isObject(raw)) return undefined;
  const { key, name, description, quantity, comment, hasScreenshot, ifUnavailable, alternative } = raw;
  if (typeof key !== 'string' || !/^[\w-]{1,64}$/.test(key)) return undefined;
  if (typeof name !== 'string' || typeof description !== 'string' || typeof comment !== 'string') return undefined;
  if (quantity !== '' && !(typeof quantity === 'number' && Number.isFinite(quantity))) return undefined;
  if (typeof hasScreenshot !== 'boolean') return undefined;
  // Drafts saved before issue 44 have no "if unavailable" fields: they get the defaults.
  const rule = (IF_UNAVAILABLE_RULES as unknown[]).includes(ifUnavailable) ? (ifUnavailable as IfUnavailableRule) : 'ask_me';
  return { key, name, description, quantity, comment, hasScreenshot, ifUnavailable: rule, alternative: typeof alternative === 'string' ? alternative : '' };
}

/** The delivery choice of a stored draft; a draft saved before issue 57 (none stored) or with a bad one delivers to an address. */
function parseDelivery(values: Record<string, unknown>): Required<Pick<OrderFormValues, 'delivery' | 'pickupPointCode' | 'pickupPointName'>> {
  const { delivery, pickupPointCode, pickupPointName } = values;
  const code = typeof pickupPointCode === 'string' ? pickupPointCode.slice(0, 64) : '';
  return {
    delivery: (DELIVERY_METHODS as readonly unknown[]).includes(delivery) ? (delivery as DeliveryMethod) : 'address',
    pickupPointCode: code,
    pickupPointName: code && typeof pickupPointName === 'string' ? pickupPointName.slice(0, 200) : '',
  };
}

/** Reads a stored draft and its owner; undefined when it is missing, corrupted or of another version. */
export function parseDraft(raw: string | null): (StoredDraft['values'] & { owner: number | null }) | undefined {
  if (!raw) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isObject(data) || data.version !== DRAFT_VERSION || !isObject(data.values)) return undefined;
  if (data.owner !== null && !isId(data.owner)) return undefined;
  const { portal, addressId, agreed, products } = data.values;
  if (!isId(portal) || !isId(addressId) || typeof agreed !== 'boolean') return undefined;
  if (!Array.isArray(products) || products.length === 0 || products.length > MAX_PRODUCTS) return undefined;
  const parsed = products.map(parseProduct);
  if (parsed.some((p) => !p)) return undefined;
  const list = parsed as StoredProduct[];
  if (new Set(list.map((p) => p.key)).size !== list.length) return undefined;
  return { owner: data.owner, portal, addressId, agreed, ...parseDelivery(data.values), products: list };
}

let idb: UseStore | undefined;

/** The IndexedDB store of screenshots, opened on first use; undefined where IndexedDB is missing. */
function shots(): UseStore | undefined {
  if (idb || typeof indexedDB === 'undefined') return idb;
  const store = createStore(DRAFT_DATABASE, 'screenshots');
  idb = store;
  // A session that ends in another tab deletes the database: this page lets go at once instead of blocking it, and
  // opens it afresh at its next use.
  store('readonly', ({ transaction: { db } }) => {
    db.onversionchange = () => {
      db.close();
      if (idb === store) idb = undefined;
    };
  }).catch(() => undefined);
  return idb;
}

/** What IndexedDB holds per block key, as far as this page knows. */
const saved = new Map<string, Blob>();
let queue: Promise<void> = Promise.resolve();

function failed(): void {
  // One warning is enough; the form keeps working in memory.
  if (!$draftSaveFailed.get()) $draftSaveFailed.set(true);
}

function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([work, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

function readLocal(): string | null {
  try {
    return localStorage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
}

function removeLocal(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

async function loadShot(key: string): Promise<Blob | null> {
  const store = shots();
  if (!store) return null;
  try {
    const blob = await withTimeout(get<unknown>(key, store), 3000, undefined);
    return blob instanceof Blob ? blob : null;
  } catch {
    return null;
  }
}

async function dropOrphans(keep: Set<string>): Promise<void> {
  const store = shots();
  if (!store) return;
  try {
    const stored = await withTimeout(keys<string>(store), 3000, [] as string[]);
    await Promise.all(stored.filter((k) => !keep.has(String(k))).map((k) => del(k, store)));
  } catch {
    // Leftovers only cost space; the next load tries again.
  }
}

/**
 * Restores the saved draft (values from localStorage, screenshots from IndexedDB) for `viewer`: the signed-in shopper's
 * user id, null for a visitor, undefined when a signed-in shopper is not known (offline, and this session never read).
 * A draft is restored for its known owner, and a visitor's for whoever comes next on this device (who signs in to
 * place it); a shopper's draft shown to anyone else (an unknown viewer too) is deleted, never shown. A bad or old one
 * resets to defaults.
 */
export async function loadDraft(viewer: number | null | undefined): Promise<OrderFormValues> {
  const raw = readLocal();
  const found = parseDraft(raw);
  const stored = found && (found.owner === null || found.owner === viewer) ? found : undefined;
  owner = viewer ?? stored?.owner ?? null;
  if (!stored) {
    if (raw !== null) removeLocal();
    saved.clear();
    await dropOrphans(new Set());
    return defaultValues();
  }
  const products = await Promise.all(
    stored.products.map(async ({ hasScreenshot, ...product }): Promise<ProductValues> => {
      const screenshot = hasScreenshot ? await loadShot(product.key) : null;
      if (screenshot) saved.set(product.key, screenshot);
      return { ...product, screenshot };
    }),
  );
  await dropOrphans(new Set(products.filter((p) => p.screenshot).map((p) => p.key)));
  const { portal, addressId, agreed, delivery, pickupPointCode, pickupPointName } = stored;
  return { portal, addressId, agreed, delivery, pickupPointCode, pickupPointName, products };
}

/** Saves the draft: values to localStorage now, changed screenshots to IndexedDB in order; failures only raise $draftSaveFailed. */
export function saveDraft(values: OrderFormValues): Promise<void> {
  const remembered = isRemembered();
  const draft: StoredDraft = {
    version: DRAFT_VERSION,
    owner,
    remembered,
    values: {
      portal: values.portal,
      addressId: values.addressId,
      agreed: values.agreed,
      delivery: values.delivery ?? 'address',
      pickupPointCode: values.pickupPointCode ?? '',
      pickupPointName: values.pickupPointName ?? '',
      products: values.products.map(({ screenshot, ...p }) => ({ ...p, hasScreenshot: !!screenshot })),
    },
  };
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    if (owner !== null && !remembered) markBrowserSession();
  } catch {
    failed();
  }
  const wanted = new Map(values.products.filter((p) => p.screenshot).map((p) => [p.key, p.screenshot as Blob]));
  queue = queue.then(async () => {
    const store = shots();
    if (!store) return;
    try {
      for (const [key, blob] of wanted) {
        if (saved.get(key) === blob) continue;
        await set(key, blob, store);
        saved.set(key, blob);
      }
      for (const key of [...saved.keys()]) {
        if (wanted.has(key)) continue;
        await del(key, store);
        saved.delete(key);
      }
    } catch {
      failed();
    }
  });
  return queue;
}

/** Forgets the draft: localStorage and every stored screenshot. */
export function clearDraft(): Promise<void> {
  removeLocal();
  queue = queue.then(async () => {
    saved.clear();
    await dropOrphans(new Set());
  });
  return queue;
}

/** Restores the draft for whoever is here: the signed-in shopper (read if need be; offline, as this session last read them) or a visitor. */
export async function openDraft(): Promise<OrderFormValues> {
  const viewer = $signedIn.get() ? await fetchCurrentUser().then((user) => user.id, () => readSessionUser() ?? undefined) : null;
  return loadDraft(viewer);
}

// A session that ends while the form is open (a refused refresh, Log Out in another tab) takes its shopper's draft with
// it; a visitor who signs in on the form makes the draft theirs (from its next save).
$accessToken.listen((token) => {
  if (token === '') {
    if (owner === null) return;
    owner = null;
    void clearDraft();
  } else if (owner === null) {
    fetchCurrentUser().then(
      (user) => {
        owner ??= user.id;
      },
      () => undefined,
    );
  }
});
