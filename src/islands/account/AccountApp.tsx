import { useStore } from '@nanostores/react';
import { startTransition, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ACCOUNT_ROUTES } from '../../lib/account-routes';
import { $online } from '../../lib/stores/network';
import { $signedIn } from '../../lib/stores/session';
import { $router } from '../../lib/stores/router';
import { mayShow } from './account-app';
import { lazyScreen, type LazyScreen, type RouteProps } from './shared/lazy-screen';
import { parseOrderId } from './shared/order-id';
import { NotFoundScreen } from './NotFoundScreen';
import { OfflineScreen } from './OfflineScreen';
import { useAccountNav } from './use-account-nav';
import { ScreenBoundary } from '../ui/ScreenBoundary';
import { Spinner } from '../ui/Spinner';
import { Toasts } from '../ui/Toasts';

// Each screen is its own chunk: a page evaluates its own screen's code, not every screen's (the forms' formik and
// yup, the order form's cropper), and a screen's code is one task of its own instead of part of one long start-up.
// The table names each route's module, in the route's own folder; this finds them all (the shared pieces are left out).
const MODULES = import.meta.glob<Record<string, ComponentType<RouteProps>>>(['./*/*Screen.tsx', '!./shared/*']);

function screenOf(module: string): LazyScreen<RouteProps> {
  const load = MODULES[`./${module}.tsx`];
  if (!load) throw new Error(`No screen module src/islands/account/${module}.tsx`);
  const name = module.slice(module.lastIndexOf('/') + 1);
  return lazyScreen(() => load().then((m) => m[name] as ComponentType<RouteProps>));
}

const SCREENS = new Map<string, LazyScreen<RouteProps>>(
  Object.entries(ACCOUNT_ROUTES).flatMap(([route, entry]): [string, LazyScreen<RouteProps>][] =>
    entry.screen ? [[route, screenOf(entry.screen)]] : [],
  ),
);

type Page = NonNullable<ReturnType<typeof $router.get>>;

function screenFor(page: Page): ReactNode {
  const screen = SCREENS.get(page.route);
  // Help is a static page of its own (build-time FAQ); any other path is not an account page.
  if (!screen) return <NotFoundScreen />;
  if (!('id' in page.params)) return <screen.Screen id={0} search={page.search} />;
  const id = parseOrderId(page.params.id);
  // Keyed on the id: another order starts fresh.
  return id ? <screen.Screen key={id} id={id} search={page.search} /> : <NotFoundScreen />;
}

/**
 * The route to show: the current one once its screen's code is here (or failed to come, for the screen's boundary to
 * say so); until then what was there before stays, as a link between pages keeps the old page until the new one
 * arrives. At first that is the page's static shell (`shown` false): the build rendered it and hydration keeps it, at
 * the same size, so the largest paint stays the shell's and no spinner flashes in between.
 * The new screen then renders whole, in a transition: React builds it in slices of a few milliseconds, yielding to the
 * browser between them, and its heading is there to take focus.
 */
function useArrivedPage(): { shown: boolean; page: Page | undefined; waiting: boolean } {
  const page = useStore($router);
  const signedIn = useStore($signedIn);
  const screen = page && mayShow(page.route, signedIn) ? SCREENS.get(page.route) : undefined;
  const [settled, setSettled] = useState<{ page: Page | undefined }>();
  const arrived = settled !== undefined && (!screen || screen.ready() || settled.page === page);
  const last = useRef<{ page: Page | undefined }>(undefined);
  if (arrived) last.current = { page };

  useEffect(() => {
    if (arrived) return undefined;
    let current = true;
    void (screen?.preload() ?? Promise.resolve())
      .catch(() => undefined)
      .finally(() => {
        if (current) startTransition(() => setSettled({ page }));
      });
    return () => {
      current = false;
    };
  }, [arrived, screen, page]);

  return { shown: last.current !== undefined, page: last.current?.page, waiting: !arrived };
}

function AccountScreens({ page, waiting }: { page: Page | undefined; waiting: boolean }): ReactNode {
  const signedIn = useStore($signedIn);
  const online = useStore($online);
  const allowed = mayShow(page?.route, signedIn);
  useAccountNav(page?.path);

  useEffect(() => {
    if (!allowed) window.location.replace('/');
  }, [allowed]);

  // The screen last shown online keeps showing when the connection drops: what was typed stays and a failed call says
  // 'Server is probably offline' (SPEC section 8). A screen opened while offline could only wait, so it says so instead.
  const shownOnline = useRef(online ? page?.path : undefined);
  if (online) shownOnline.current = page?.path;

  if (!allowed) return <Spinner label="Redirecting to the home page…" />;
  // A visitor route (the order form) works offline, its draft kept on this device.
  if (!online && !mayShow(page?.route, false) && shownOnline.current !== page?.path) return <OfflineScreen route={page?.route} />;
  return (
    <div className="account-screens" aria-busy={waiting}>
      <Toasts />
      {/* Keyed by route: a screen that failed does not keep the next one from showing. */}
      <ScreenBoundary key={page?.route ?? 'none'} screen={page?.route ?? 'none'}>
        <Suspense fallback={<Spinner />}>{page ? screenFor(page) : <NotFoundScreen />}</Suspense>
      </ScreenBoundary>
    </div>
  );
}

/**
 * The signed-in area: picks the screen for the current route; visitors on a login-required route go to /.
 * `children` is the page's static shell (heading, lede, loading line), shown until the first screen's code is here.
 */
export function AccountApp({ children }: { children?: ReactNode }): ReactNode {
  const { shown, page, waiting } = useArrivedPage();
  return shown ? <AccountScreens page={page} waiting={waiting} /> : children;
}
