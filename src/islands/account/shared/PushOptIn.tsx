import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import {
  $pushDetails,
  $pushDetailsSetting,
  $pushSetting,
  $pushState,
  checkPush,
  pushWait,
  setPush,
  setPushDetails,
  type PushState,
} from '../../../lib/stores/push';
import { HeldButton } from '../../ui/HeldButton';
import { useTryAgain } from '../../ui/use-try-again';
import { toastError } from '../../ui/Toasts';

/** What a shopper can do instead, where notifications cannot be turned on. */
const INSTEAD: Partial<Record<PushState, string>> = {
  'home-screen':
    'On an iPhone or iPad, notifications work in the Shopper app on your Home Screen: tap Share, then Add to Home Screen, open Shopper from there and turn them on.',
  unsupported:
    'This browser cannot show notifications. Your quote still comes by e-mail, or by SMS if you chose it under Personal details.',
  blocked:
    "Notifications are blocked for this site in your browser's settings. Allow them there, then come back to turn them on.",
  unavailable: 'Notifications on this phone are not available yet. Your quote comes by e-mail within 24 hours.',
};

/** The words of each place the offer is made. */
const WORDS = {
  order: {
    offer:
      'Would you like to know the moment your quote is ready? We can tell you on this phone, and remind you 6 hours before it expires.',
    turnOn: 'Tell me on this phone when the quote is ready',
    on: 'We will tell you on this phone when the quote is ready.',
  },
  settings: {
    offer: 'Get a notification on this phone when a quote is ready, 6 hours before it expires, and when an order moves.',
    turnOn: 'Turn on notifications on this phone',
    on: 'Notifications are on for this phone: quotes, reminders before they expire, and each move of your orders.',
  },
} as const;

/** The choice to show the shop and total in notifications, which a locked phone shows as well. */
function DetailsChoice(): ReactNode {
  const details = useStore($pushDetails);
  const { loading } = useStore($pushDetailsSetting);
  const change = (show: boolean): void => {
    void setPushDetails(show).then((done) => {
      if (done && 'error' in done) toastError(done.error);
    });
  };
  return (
    <label className="field-check">
      <input type="checkbox" checked={details} disabled={loading} onChange={(event) => change(event.currentTarget.checked)} />
      Show the shop and total in notifications (they show on a locked phone too)
    </label>
  );
}

/** Props of the notifications offer. */
export interface PushOptInProps {
  /** After an order is placed (the quote to come), or on My Details as a setting. */
  place: keyof typeof WORDS;
}

/** Push notifications on this phone: an offer whose button asks the browser's permission only when pressed, the way to turn them off, or what to do where they cannot work. */
export function PushOptIn({ place }: PushOptInProps): ReactNode {
  const state = useStore($pushState);
  const { loading } = useStore($pushSetting);
  const words = WORDS[place];
  const wait = useTryAgain(pushWait);
  useEffect(() => {
    void checkPush();
  }, []);

  const press = (want: 'on' | 'off'): void => {
    void setPush(want).then((done) => {
      if (done && 'error' in done) toastError(done.error);
    });
  };

  const instead = INSTEAD[state];
  if (instead) return <p className="push-opt-in">{instead}</p>;
  if (state === 'on') {
    return (
      <div className="push-opt-in">
        <p role="status">{words.on}</p>
        {place === 'settings' && (
          <>
            <DetailsChoice />
            <button type="button" className="button button--ghost" disabled={loading} onClick={() => press('off')}>
              {loading ? 'Turning off…' : 'Turn off notifications on this phone'}
            </button>
          </>
        )}
      </div>
    );
  }
  // While it is found out, the offer stands with its button held: the common answer ('off') then moves nothing.
  return (
    <div className="push-opt-in">
      <p>{words.offer}</p>
      <HeldButton type="button" wait={wait} waitId={`push-wait-${place}`} disabled={loading || state === 'checking'} onClick={() => press('on')}>
        {loading ? 'Turning on…' : words.turnOn}
      </HeldButton>
    </div>
  );
}
