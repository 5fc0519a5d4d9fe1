import { useEffect, useState, type ReactNode } from 'react';
import { modalHref } from '../../lib/modal-routes';
import { authMessages } from '../../lib/auth-messages';
import { $unlock } from '../../lib/stores/unlock';
import { notify, Toasts, TOAST_MS } from '../ui/Toasts';

/** The unlock page: unlocks the account with the e-mailed token, then opens login. */
export function UnlockAccount(): ReactNode {
  const [text, setText] = useState<string>(authMessages.unlockPending);
  useEffect(() => {
    let live = true;
    void $unlock.mutate(new URLSearchParams(window.location.search).get('token')).then((done) => {
      if (!live || !done) return;
      if ('data' in done) {
        // The login screen shows 'Account successfully unlocked' for this flag.
        window.location.replace(modalHref('login', { unlock: 'successful' }));
        return;
      }
      notify.error(done.error.toast, TOAST_MS.long);
      setText(done.error.text);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <Toasts />
      <p role="status" className="unlock-status">
        {text}
      </p>
      <a className="button" href={modalHref('login')} data-modal>
        Back to log in
      </a>
    </>
  );
}
