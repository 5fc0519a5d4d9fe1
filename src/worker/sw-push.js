// Imported by the Workbox worker (scripts/pwa.mjs, importScripts): the shopper's push notifications.
// A message carries only an order's fields (kind: quote, expiry, status, photos or late; order_id, valid_until, status, a late order's
// expected_to and new_from/new_to (days, YYYY-MM-DD), and shop and total only when the
// shopper chose to show them on a locked phone; sandbox/README.md), or that store credit was added (kind credit, its
// amount and balance under the same choice); the text and the page a tap opens are made here,
// from those fields, and the page is always one of ours.
// A classic script outside the site's bundle: the rand and date formats repeat src/lib/format.ts's options. The pages'
// addresses come from the account route table: the build writes PUSH_PAGES in front of this file (scripts/pwa.mjs).

/* global PUSH_PAGES */

const PUSH_ZONE = 'Africa/Johannesburg';
const pushRand = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pushDate = new Intl.DateTimeFormat('en-ZA', { timeZone: PUSH_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
// A delivery day is a calendar day, not a moment: shown as written, whatever the phone's zone.
const pushDay = new Intl.DateTimeFormat('en-ZA', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

const PUSH_STATUS_TITLES = {
  paid: 'Payment received',
  'in transit': 'Your order is on its way',
  'arrived in SA': 'Your order has arrived in South Africa',
  delivered: 'Your order has been delivered',
};

// An address is matched as written, whatever characters it has.
const pushPattern = (path) => path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The pages a notification may open: the quote's payment page, an order's tracking, an order's page, the order history, store credit. */
const PUSH_TARGET = new RegExp(
  `^(${pushPattern(PUSH_PAGES.quotePayment)}\\d{1,12}/|${pushPattern(PUSH_PAGES.trackOrder)}\\?order=\\d{1,12}|${pushPattern(PUSH_PAGES.order)}\\d{1,12}/|${pushPattern(PUSH_PAGES.orderHistory)}|${pushPattern(PUSH_PAGES.credit)})$`,
);

/** A day (YYYY-MM-DD) as the shopper reads it, or null when it is not a real day. */
function pushDayText(value) {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? pushDay.format(day) : null;
}

/** The fields of a push message that the notification is made of; anything unreadable becomes null. */
function pushFields(data) {
  const raw = data && typeof data === 'object' ? data : {};
  const id = Number.isSafeInteger(raw.order_id) && raw.order_id > 0 ? raw.order_id : null;
  const text = (value, max) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);
  const when = typeof raw.valid_until === 'string' && !Number.isNaN(Date.parse(raw.valid_until)) ? new Date(raw.valid_until) : null;
  return {
    kind: ['quote', 'expiry', 'status', 'photos', 'late', 'credit'].includes(raw.kind) ? raw.kind : null,
    id,
    shop: text(raw.shop, 60),
    total: typeof raw.total === 'number' && Number.isFinite(raw.total) && raw.total > 0 ? `R${pushRand.format(raw.total)}` : null,
    amount: typeof raw.amount === 'number' && Number.isFinite(raw.amount) && raw.amount > 0 ? `R${pushRand.format(raw.amount)}` : null,
    until: when ? pushDate.format(when) : null,
    status: text(raw.status, 40),
    expectedTo: pushDayText(raw.expected_to),
    newTo: pushDayText(raw.new_to),
  };
}

/** The title, text, page to open and tag of the notification for one push message's data. */
function pushNotification(data) {
  const f = pushFields(data);
  if (f.kind === 'credit') {
    // Without the details (the default: a locked phone shows this) no amount is shown.
    const body = f.amount ? `${f.amount} is in your store credit.` : 'Money is back in your store credit.';
    return { title: 'Store credit added', body, url: PUSH_PAGES.credit, tag: 'credit' };
  }
  const order = f.id === null ? 'Your order' : f.shop ? `Order ${f.id} - ${f.shop}` : `Order ${f.id}`;
  const tag = f.id === null ? 'order' : `order-${f.id}`;
  if (f.id !== null && f.kind === 'quote') {
    const until = f.until ? `, valid until ${f.until}` : '';
    // Without the details (the default: a locked phone shows this) it says only which order and what happened.
    const body = f.shop || f.total ? `${order}: ${[f.total, f.until && `valid until ${f.until}`].filter(Boolean).join(', ')}.` : `Your quote for order ${f.id} is ready${until}.`;
    return { title: 'Your quote is ready', body, url: `${PUSH_PAGES.quotePayment}${f.id}/`, tag };
  }
  if (f.id !== null && f.kind === 'expiry') {
    const pay = [f.total ? `pay ${f.total}` : 'pay', f.until && `before ${f.until}`].filter(Boolean).join(' ');
    return { title: 'Your quote expires soon', body: `${order}: ${pay} to keep this quote.`, url: `${PUSH_PAGES.quotePayment}${f.id}/`, tag };
  }
  if (f.id !== null && f.kind === 'status' && f.status in PUSH_STATUS_TITLES) {
    return { title: PUSH_STATUS_TITLES[f.status], body: `${order}.`, url: `${PUSH_PAGES.trackOrder}?order=${f.id}`, tag };
  }
  if (f.id !== null && f.kind === 'photos') {
    return { title: 'Warehouse photos arrived', body: `${order}: see the photos of your items.`, url: `${PUSH_PAGES.trackOrder}?order=${f.id}`, tag };
  }
  if (f.id !== null && f.kind === 'late') {
    const when = f.newTo ? `now expected by ${f.newTo}` : f.expectedTo ? `it was expected by ${f.expectedTo}` : 'see where it is';
    return { title: `Order ${f.id} is running late`, body: `${order}: ${when}.`, url: `${PUSH_PAGES.order}${f.id}/`, tag };
  }
  return { title: 'News about your order', body: `${order}: see your orders for the details.`, url: PUSH_PAGES.orderHistory, tag };
}

/** The absolute address a tap on a notification opens: its page when it is one of ours, else the order history. */
function pushTarget(notificationData, origin) {
  const url = notificationData && typeof notificationData.url === 'string' ? notificationData.url : '';
  return new URL(PUSH_TARGET.test(url) ? url : PUSH_PAGES.orderHistory, origin).href;
}

function pushData(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const { title, body, url, tag } = pushNotification(pushData(event));
  // Every push shows a notification (the browser requires it): an unreadable one still says there is news.
  event.waitUntil(self.registration.showNotification(title, { body, tag, renotify: true, icon: '/icons/icon-192.png', lang: 'en-ZA', data: { url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = pushTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // A tab already on that page comes forward; any other tab is left as it is (it may hold a half-typed form).
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});

// The push service renewed or dropped the subscription: subscribe again with the same key. The next page of the
// account area registers the new one with the service in place of the old (src/lib/stores/push.ts, checkPush).
self.addEventListener('pushsubscriptionchange', (event) => {
  const options = event.oldSubscription ? event.oldSubscription.options : null;
  if (!options || !options.applicationServerKey) return;
  event.waitUntil(self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey }).catch(() => undefined));
});
