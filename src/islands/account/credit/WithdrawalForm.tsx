import { useStore } from '@nanostores/react';
import { useFormik } from 'formik';
import { useMemo, useState, type ReactNode } from 'react';
import { formatRand } from '../../../lib/format';
import { SA_BANKS } from '../../../lib/sa-banks';
import { withdrawalSchema, type WithdrawalValues } from '../../../lib/schemas/credit';
import { $requestWithdrawal } from '../../../lib/stores/credit';
import { currentPasswordWait } from '../../../lib/stores/details';
import { describedBy, Field, fieldError } from '../../ui/Field';
import { HeldButton } from '../../ui/HeldButton';
import { notify, toastError } from '../../ui/Toasts';
import { useTryAgain } from '../../ui/use-try-again';
import {
  ACCOUNT_TYPE_LABELS,
  branchCode,
  initialWithdrawalValues,
  NO_BALANCE_TEXT,
  wholeBalance,
  withdrawalConfirmation,
  withdrawalFieldErrors,
  withdrawalRequest,
} from './credit';

/**
 * Pay my credit to my bank: account holder, bank (its universal branch code filled in), account number, account type,
 * amount (at most the balance) and the current password. What is typed lives in the form's memory only: nothing is
 * written to the browser's storage, and a refusal keeps it on screen with the service's words under each field.
 */
export function WithdrawalForm({ balance }: { balance: number }): ReactNode {
  const { loading } = useStore($requestWithdrawal);
  const wait = useTryAgain(currentPasswordWait);
  const [confirmed, setConfirmed] = useState('');
  const schema = useMemo(() => withdrawalSchema(balance), [balance]);
  const form = useFormik<WithdrawalValues>({
    initialValues: initialWithdrawalValues,
    validationSchema: schema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      setConfirmed('');
      const done = await $requestWithdrawal.mutate(withdrawalRequest(values));
      if (done && 'error' in done) {
        const marked = withdrawalFieldErrors(done.error);
        if (Object.keys(marked).length > 0) helpers.setErrors(marked);
        else toastError(done.error);
      } else if (done) {
        const text = withdrawalConfirmation(done.data);
        helpers.resetForm();
        setConfirmed(text);
        notify.success('Withdrawal requested');
      }
    },
  });
  const bankError = fieldError(form, 'bank');
  const typeError = fieldError(form, 'accountType');

  if (balance <= 0)
    return (
      <>
        <p className="empty-text">{NO_BALANCE_TEXT}</p>
        <p role="status" className="notice">
          {confirmed}
        </p>
      </>
    );

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-labelledby="credit-withdraw-title">
      <p>
        We pay it into a South African bank account within 3 working days. Your account number is sent to us once and never kept on
        this device.
      </p>
      <fieldset className="form-plain" disabled={loading}>
        <Field form={form} idPrefix="withdraw" name="accountHolder" label="Account holder" autoComplete="name" reserveError />
        <div className="form-row">
          <div className="field">
            <label htmlFor="withdraw-bank">Bank</label>
            <select
              id="withdraw-bank"
              name="bank"
              value={form.values.bank}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              aria-invalid={bankError ? true : undefined}
              aria-describedby={describedBy(bankError && 'withdraw-bank-error')}
            >
              <option value="">Choose your bank</option>
              {SA_BANKS.map((bank) => (
                <option key={bank.name} value={bank.name}>
                  {bank.name}
                </option>
              ))}
            </select>
            <p className="field-error field-error--slot" id="withdraw-bank-error">
              {bankError}
            </p>
          </div>
          <div className="field">
            <label htmlFor="withdraw-branch">Branch code</label>
            <input id="withdraw-branch" value={branchCode(form.values.bank)} readOnly aria-describedby="withdraw-branch-hint" />
            <p className="field-hint" id="withdraw-branch-hint">
              The bank&apos;s universal branch code, filled in for you.
            </p>
          </div>
        </div>
        <Field form={form} idPrefix="withdraw" name="accountNumber" label="Account number" inputMode="numeric" autoComplete="off" reserveError />
        <fieldset className="choice-group" aria-describedby={typeError ? 'withdraw-type-error' : undefined}>
          <legend>Account type</legend>
          {ACCOUNT_TYPE_LABELS.map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" name="accountType" value={value} checked={form.values.accountType === value} onChange={form.handleChange} />
              {label}
            </label>
          ))}
        </fieldset>
        <p className="field-error field-error--slot" id="withdraw-type-error">
          {typeError}
        </p>
        <div className="credit-amount">
          <Field
            form={form}
            idPrefix="withdraw"
            name="amount"
            label="Amount in rand"
            autoComplete="off"
            hint={`At most your balance of ${formatRand(balance)}.`}
            reserveError
          />
          <button type="button" className="button button--ghost button--small" onClick={() => void form.setFieldValue('amount', wholeBalance(balance))}>
            Withdraw all
          </button>
        </div>
        <Field form={form} idPrefix="withdraw" name="currentPassword" label="Current password" type="password" autoComplete="current-password" reserveError />
        <div>
          <HeldButton className="button" wait={wait} waitId="withdraw-wait" disabled={loading} busy={loading}>
            {loading ? 'Sending…' : 'Pay to my bank'}
          </HeldButton>
        </div>
      </fieldset>
      <p role="status" className="notice">
        {confirmed}
      </p>
    </form>
  );
}
