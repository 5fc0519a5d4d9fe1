import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { answerOnce, cardReturn, providerFlag } from '../../../lib/provider-return';
import { replaceWith } from '../../../lib/stores/router';
import { $currentUser } from '../../../lib/stores/user';
import { AddressForm } from '../../ui/AddressForm';
import { notify } from '../../ui/Toasts';
import { AddressList } from './AddressList';
import { CardList } from './CardList';
import { CloseAccountPanel } from './CloseAccountPanel';
import { DataExportPanel } from './DataExportPanel';
import { DetailsForm } from './DetailsForm';
import { LoadError } from '../shared/LoadError';
import { PasswordPanel } from './PasswordPanel';
import { PushOptIn } from '../shared/PushOptIn';
import type { RouteProps } from '../shared/lazy-screen';
import { Screen } from '../shared/Screen';

/** My details (the query says success=true or cancel=true after the card provider's page): the personal details form, notifications on this phone, a password change, addresses (add, list, delete with undo), saved cards, a copy of one's data and closing the account. */
export function MyDetailsScreen({ search }: RouteProps): ReactNode {
  const { data: user, error: userError } = useStore($currentUser);
  const [readReturn] = useState(() => answerOnce(cardReturn));
  const cardFlag = providerFlag(search);

  useEffect(() => {
    const back = readReturn('card', cardFlag);
    if (!back) return;
    if (back.notice) notify[back.notice.tone](back.notice.message);
    if (back.dropQuery) replaceWith('myDetails');
  }, [readReturn, cardFlag]);

  return (
    <Screen page="myDetails">
      <section className="account-panel" aria-labelledby="details-title">
        <h2 id="details-title">Personal details</h2>
        {userError && !user ? (
          <LoadError error={userError} onRetry={$currentUser.revalidate} />
        ) : (
          <DetailsForm key={user?.id ?? 0} user={user} />
        )}
      </section>
      <section className="account-panel" aria-labelledby="push-title">
        <h2 id="push-title">Notifications on this phone</h2>
        <PushOptIn place="settings" />
      </section>
      <section className="account-panel" aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <PasswordPanel email={user?.email} />
      </section>
      <section className="account-panel" aria-labelledby="addresses-title">
        <h2 id="addresses-title">Addresses</h2>
        <AddressList />
        <AddressForm title="Add a new address" />
      </section>
      <section className="account-panel" aria-labelledby="cards-title">
        <h2 id="cards-title">Saved cards</h2>
        <CardList />
      </section>
      <section className="account-panel" aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <DataExportPanel />
      </section>
      <section className="account-panel" aria-labelledby="close-title">
        <h2 id="close-title">Close my account</h2>
        <CloseAccountPanel user={user} />
      </section>
    </Screen>
  );
}
