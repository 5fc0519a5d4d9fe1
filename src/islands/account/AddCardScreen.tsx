import { useFormik } from 'formik';
import type { ReactNode } from 'react';
import { cardSchema, type CardValues } from '../../lib/schemas/account';
import { startCardCreation } from '../../lib/stores/cards';
import { pathTo } from '../../lib/stores/router';
import { notify } from '../ui/Toasts';
import { goToProvider } from './provider-redirect';
import { RouteLink } from './RouteLink';
import { Screen } from './Screen';
import { Field } from '../ui/Field';

/** Add card: a card name, then the payment provider's own page takes the card details. */
export function AddCardScreen(): ReactNode {
  const form = useFormik<CardValues>({
    initialValues: { cardName: '' },
    validationSchema: cardSchema,
    validateOnChange: false,
    // One field: checked on submit only, so a disappearing error never moves the button under the pointer.
    validateOnBlur: false,
    onSubmit: async (values) => {
      try {
        await goToProvider(await startCardCreation(values.cardName));
      } catch (error) {
        notify.error((error as Error).message);
      }
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
          <button type="submit" className="button button--accent" disabled={form.isSubmitting}>
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
