import { useFormik, type FormikProps } from 'formik';
import { useRef, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { notify, toastError, Toasts } from './Toasts';
import { focusFirstInvalid } from './submit-failure';
import { HeldButton } from './HeldButton';
import { useAdoptTypedValues } from './use-adopt-typed-values';

/** What a message form (contact, advertise) is made of: its values, rule, sender and the fields. */
export interface MessageFormProps<V extends object> {
  initialValues: V;
  schema: AnyObjectSchema;
  send: (values: V) => Promise<unknown>;
  /** The success toast of SPEC section 8. */
  successMessage: string;
  /** Id of the heading that names the form. */
  titleId: string;
  title: string;
  /** While the service asks to wait after a 429, what to say (useTryAgain): Send message is held until then. */
  waitMessage: string | undefined;
  children: (form: FormikProps<V>) => ReactNode;
}

/** A form that sends one message: validated on submit, success toast, server failures as toasts, nothing typed lost. */
export function MessageForm<V extends object>({
  initialValues,
  schema,
  send,
  successMessage,
  titleId,
  title,
  waitMessage,
  children,
}: MessageFormProps<V>): ReactNode {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormik<V>({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        await send(values);
        notify.success(successMessage);
        helpers.resetForm();
      } catch (error) {
        toastError(error);
      }
    },
  });
  useAdoptTypedValues(formRef, form, initialValues);

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
          <HeldButton wait={waitMessage} waitId={`${titleId}-wait`} disabled={form.isSubmitting} noticeClassName="form-note">
            {form.isSubmitting ? 'Sending…' : 'Send message'}
          </HeldButton>
        </div>
      </form>
      <Toasts />
    </>
  );
}
