import { deletePushSubscriptionAtExit } from './api/push-exit';
import { keepRegisteredPush, readRegisteredPush, unsubscribeBrowser } from './push-support';

/** Most a sign-out waits for this phone's push subscription to be removed before it revokes the tokens that remove it. */
const PUSH_REMOVAL_WAIT_MS = 2000;

/** Removes this phone's push subscription from the service and the browser, waiting at most 2 s; the session's tokens are revoked after. */
export async function endPush(accessToken: string): Promise<void> {
  const registered = readRegisteredPush();
  keepRegisteredPush(null);
  const removal = Promise.all([
    registered ? deletePushSubscriptionAtExit(registered.id, accessToken) : undefined,
    unsubscribeBrowser(),
  ]);
  await Promise.race([removal, new Promise((resolve) => setTimeout(resolve, PUSH_REMOVAL_WAIT_MS))]);
}
