import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { $passwordLink } from '../../../lib/stores/password-change';
import { authMessages } from '../../../lib/auth-messages';
import { notify, toastError } from '../../ui/Toasts';
import { HeldButton } from '../../ui/HeldButton';
import { useTryAgain } from '../../ui/use-try-again';

/** Props of the password panel. */
export interface PasswordPanelProps {
  /** The shopper's e-mail address, where the link goes; undefined until their details are in. */
  email: string | undefined;
}

/** Change password while signed in: e-mails the shopper a link to choose a new one and says where it went. */
export function PasswordPanel({ email }: PasswordPanelProps): ReactNode {
  const { loading } = useStore($passwordLink);
  const [sentTo, setSentTo] = useState<string>();
  const wait = useTryAgain($passwordLink.wait);

  const send = async (to: string): Promise<void> => {
    const done = await $passwordLink.mutate(to);
    if (done && 'error' in done) toastError(done.error);
    else if (done) {
      setSentTo(to);
      notify.success(authMessages.emailSent);
    }
  };

  return (
    <>
      <p>
        We e-mail you a link to choose a new password. Once you have chosen it, every phone and computer signed in to your account is
        signed out, this one too.
      </p>
      <HeldButton
        type="button"
        className="button button--ghost"
        wait={wait}
        waitId="password-wait"
        disabled={!email || loading}
        onClick={() => email && void send(email)}
      >
        {loading ? 'Sending…' : 'Change password'}
      </HeldButton>
      <p role="status" className="notice">
        {sentTo ? `We sent the link to ${sentTo}. It can take a few minutes to arrive; look in the spam folder too.` : ''}
      </p>
    </>
  );
}
