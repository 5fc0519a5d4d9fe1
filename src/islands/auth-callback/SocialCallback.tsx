import { useEffect, useState, type ReactNode } from 'react';
import { queueFlash } from '../../lib/flash';
import { modalHref } from '../../lib/modal-routes';
import { welcomeMessage } from '../../lib/auth-messages';
import { $socialSignIn, type SocialProvider } from '../../lib/stores/social-sign-in';
import { notify, Toasts } from '../ui/Toasts';

const NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** The return page of a social sign-in: finishes it, greets the shopper and goes on. */
export function SocialCallback({ provider }: { provider: SocialProvider }): ReactNode {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void $socialSignIn.mutate({ provider, search: new URLSearchParams(window.location.search) }).then((done) => {
      if (done && 'data' in done) {
        queueFlash({ kind: 'success', message: welcomeMessage(done.data.user) });
        window.location.replace(done.data.next);
      } else if (done && live) {
        notify.error(done.error.message, done.error.ms);
        setFailed(done.error.message);
      }
    });
    return () => {
      live = false;
    };
  }, [provider]);

  return (
    <>
      <Toasts />
      <p role="status">{failed ?? `Signing you in with ${NAMES[provider]}...`}</p>
      {failed && (
        <a className="button" href={modalHref('login')} data-modal>
          Back to log in
        </a>
      )}
    </>
  );
}
