import { useStore } from '@nanostores/react';
import { useFormik } from 'formik';
import type { ReactNode } from 'react';
import { cardSchema, type CardValues } from '../../../lib/schemas/account';
import { $addCard } from '../../../lib/stores/cards';
import { pathTo } from '../../../lib/stores/router';
import { toastError } from '../../ui/Toasts';
import { goToProvider } from '../shared/provider-redirect';
import { RouteLink } from '../shared/RouteLink';
import { Screen } from '../shared/Screen';
import { Field } from '../../ui/Field';

/** Add card: a card name, then the payment provider's own page takes the card details. */
export function AddCardScreen(): ReactNode {
  // Once the provider's page is known the browser is on its way there: the button stays disabled.
  const { loading, data: providerPage } = useStore($addCard);
  const form = useFormik<CardValues>({
    initialValues: { cardName: '' },
    validationSchema: cardSchema,
    validateOnChange: false,
    // One field: checked on submit only, so a disappearing error never moves the button under the pointer.
    validateOnBlur: false,
    onSubmit: async (values) => {
      const done = await $addCard.mutate(values.cardName);
      if (done && 'error' in done) toastError(done.error);
      else if (done) await goToProvider(done.data);
    },
  });
  return (
    <Screen page="addCard">
      <form className="form" onSubmit={form.handleSubmit} noValidate aria-label="Add a card">
        <Field
          form={form}
          idPrefix="card"
          name="cardName"
          label="Card name"
          autoComplete="off"
          hint="For example: Personal Visa"
        />
        <div className="button-row">
          <button type="submit" className="button button--accent" disabled={loading || providerPage !== undefined}>
            Continue to PayFast
          </button>
          <RouteLink className="button button--ghost" href={pathTo('myDetails')}>
            Back to My Details
          </RouteLink>
        </div>
      </form>
    </Screen>
  );
}
