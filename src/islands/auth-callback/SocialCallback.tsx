import { useEffect, useState, type ReactNode } from 'react';
import { queueFlash } from '../../lib/flash';
import { modalHref } from '../../lib/modal-routes';
import { AuthFailure, authMessages, FAILURE_MS, welcomeMessage } from '../../lib/auth-messages';
import { completeSocialSignIn, type SocialProvider } from '../../lib/stores/social-sign-in';
import { notify, Toasts } from '../ui/Toasts';

const NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** The return page of a social sign-in: finishes it, greets the shopper and goes on. */
export function SocialCallback({ provider }: { provider: SocialProvider }): ReactNode {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    completeSocialSignIn(provider, new URLSearchParams(window.location.search)).then(
      ({ user, next }) => {
        queueFlash({ kind: 'success', message: welcomeMessage(user) });
        window.location.replace(next);
      },
      (error: unknown) => {
        if (!live) return;
        const failure = error instanceof AuthFailure ? error : new AuthFailure(provider === 'google' ? authMessages.googleFailed : authMessages.facebookFailed, FAILURE_MS.long);
        notify.error(failure.message, failure.ms);
        setFailed(failure.message);
      },
    );
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
