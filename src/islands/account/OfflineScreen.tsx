import type { ReactNode } from 'react';
import type { AccountRoute } from '../../lib/account-routes';
import { Screen } from './shared/Screen';

/** Props of the offline account screen. */
export interface OfflineScreenProps {
  /** The account page asked for: its heading and lede stay, so the shell is the page's own. */
  route?: AccountRoute;
}

/** An account page while the browser is offline: its heading and 'You are offline' instead of a load that cannot finish. */
export function OfflineScreen({ route }: OfflineScreenProps): ReactNode {
  return (
    <Screen page={route} title={route ? undefined : 'My account'}>
      <p className="offline-note" role="status">
        You are offline. This page shows your account once you are back online.
      </p>
    </Screen>
  );
}
