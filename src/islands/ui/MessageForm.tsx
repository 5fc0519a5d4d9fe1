import { useStore } from '@nanostores/react';
import { useFormik, type FormikProps } from 'formik';
import { useRef, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import type { WaitingWriteStore } from '../../lib/stores/write-store';
import { notify, toastError, Toasts } from './Toasts';
import { focusFirstInvalid } from './submit-failure';
import { HeldButton } from './HeldButton';
import { useAdoptTypedValues } from './use-adopt-typed-values';
import { useTryAgain } from './use-try-again';

/** What a message form (contact, advertise) is made of: its values, rule, write and the fields. */
export interface MessageFormProps<V extends object> {
  initialValues: V;
  schema: AnyObjectSchema;
  /** The write that sends it; while the service asks to wait after a 429, Send message is held until then. */
  write: WaitingWriteStore<V>;
  /** The success toast of SPEC section 8. */
  successMessage: string;
  /** Id of the heading that names the form. */
  titleId: string;
  title: string;
  children: (form: FormikProps<V>) => ReactNode;
}

/** A form that sends one message: validated on submit, success toast, server failures as toasts, nothing typed lost. */
export function MessageForm<V extends object>({
  initialValues,
  schema,
  write,
  successMessage,
  titleId,
  title,
  children,
}: MessageFormProps<V>): ReactNode {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormik<V>({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const done = await write.mutate(values);
      if (done && 'error' in done) toastError(done.error);
      else if (done) {
        notify.success(successMessage);
        helpers.resetForm();
      }
    },
  });
  useAdoptTypedValues(formRef, form, initialValues);
  const { loading } = useStore(write);
  const waitMessage = useTryAgain(write.wait);

  return (
    <>
      <form
        ref={formRef}
        className="form"
        method="post"
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => {
          form.handleSubmit(event);
          void form.validateForm().then((errors) => focusFirstInvalid(formRef.current, errors));
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <p className="form-note">Fields marked * are required.</p>
        {children(form)}
        <p className="form-note no-js-only">Sending this form needs JavaScript. You can also e-mail or phone us (see below).</p>
        <div className="js-only">
          <HeldButton wait={waitMessage} waitId={`${titleId}-wait`} disabled={loading} noticeClassName="form-note">
            {loading ? 'Sending…' : 'Send message'}
          </HeldButton>
        </div>
      </form>
      <Toasts />
    </>
  );
}
