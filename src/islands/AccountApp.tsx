import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { $online } from '../lib/stores/network';
import { $signedIn } from '../lib/stores/session';
import { $router } from '../lib/stores/router';
import { AddCardScreen } from './account/AddCardScreen';
import { InvoiceScreen } from './account/InvoiceScreen';
import { MyDetailsScreen } from './account/MyDetailsScreen';
import { NotFoundScreen } from './account/NotFoundScreen';
import { OfflineScreen } from './account/OfflineScreen';
import { OrderHistoryScreen } from './account/OrderHistoryScreen';
import { QuotePaymentScreen } from './account/QuotePaymentScreen';
import { ReturnsScreen } from './account/ReturnsScreen';
import { TrackOrderScreen } from './account/TrackOrderScreen';
import { useAccountNav } from './account/use-account-nav';
import { ScreenBoundary } from './ui/ScreenBoundary';
import { Spinner } from './ui/Spinner';
import { Toasts } from './ui/Toasts';

// The order form brings the image cropper: it loads only on its own two routes.
const OrderFormScreen = lazy(() => import('./order/OrderFormScreen').then((m) => ({ default: m.OrderFormScreen })));
const OrderUploadedScreen = lazy(() => import('./order/OrderUploadedScreen').then((m) => ({ default: m.OrderUploadedScreen })));

type Page = NonNullable<ReturnType<typeof $router.get>>;

function idOf(value: string | undefined): number {
  return /^\d{1,12}$/.test(value ?? '') ? Number(value) : 0;
}

function screenFor(page: Page): ReactNode {
  switch (page.route) {
    case 'uploadOrders':
      return <OrderFormScreen />;
    case 'orderUploaded':
      return idOf(page.params.id) ? <OrderUploadedScreen id={idOf(page.params.id)} /> : <NotFoundScreen />;
    case 'myDetails':
      return <MyDetailsScreen search={page.search} />;
    case 'addCard':
      return <AddCardScreen />;
    case 'trackOrder':
      return <TrackOrderScreen initialId={idOf(page.search.order) || undefined} />;
    case 'orderHistory':
      return <OrderHistoryScreen />;
    case 'returns':
      return <ReturnsScreen />;
    case 'invoice':
      return idOf(page.params.id) ? <InvoiceScreen key={page.params.id} id={idOf(page.params.id)} /> : <NotFoundScreen />;
    case 'quotePayment':
      return idOf(page.params.id) ? <QuotePaymentScreen key={page.params.id} id={idOf(page.params.id)} /> : <NotFoundScreen />;
    default:
      // /help is a static page of its own (build-time FAQ); any other path is not an account page.
      return <NotFoundScreen />;
  }
}

function AccountScreens(): ReactNode {
  const page = useStore($router);
  const signedIn = useStore($signedIn);
  const online = useStore($online);
  const allowed = signedIn || page?.route === 'uploadOrders';
  useAccountNav(page?.path);

  useEffect(() => {
    if (!allowed) window.location.replace('/');
  }, [allowed]);

  // The screen last shown online keeps showing when the connection drops: what was typed stays and a failed call says
  // 'Server is probably offline' (SPEC section 8). A screen opened while offline could only wait, so it says so instead.
  const shownOnline = useRef(online ? page?.path : undefined);
  if (online) shownOnline.current = page?.path;

  if (!allowed) return <Spinner label="Redirecting to the home page…" />;
  // The order form works on offline, its draft kept on this device.
  if (!online && page?.route !== 'uploadOrders' && shownOnline.current !== page?.path) return <OfflineScreen route={page?.route} />;
  return (
    <>
      <Toasts />
      {/* Keyed by route: a screen that failed does not keep the next one from showing. */}
      <ScreenBoundary key={page?.route ?? 'none'} screen={page?.route ?? 'none'}>
        <Suspense fallback={<Spinner />}>{page ? screenFor(page) : <NotFoundScreen />}</Suspense>
      </ScreenBoundary>
    </>
  );
}

/**
 * The signed-in area: picks the screen for the current route; visitors on a login-required route go to /.
 * `children` is the page's static shell (heading, lede, loading line): it is what the build renders and what hydrates,
 * and the screens take its place right after, at the same size, so the largest paint stays the shell's.
 */
export function AccountApp({ children }: { children?: ReactNode }): ReactNode {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <AccountScreens /> : children;
}
