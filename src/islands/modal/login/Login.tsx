import { useEffect, useRef, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { useStore } from '@nanostores/react';
import { modalHref, safeNextPath } from '../../../lib/modal-routes';
import { loginSchema, type LoginValues } from '../../../lib/schemas/auth';
import { authMessages, welcomeMessage } from '../../../lib/auth-messages';
import { rememberedUsername } from '../../../lib/remembered-username';
import { $signIn } from '../../../lib/stores/sign-in';
import { signInWithSocial, type SocialProvider } from '../../../lib/stores/social-sign-in';
import { leaveModal } from '../../../lib/stores/modal';
import { notify } from '../../ui/Toasts';
import { showFailure } from '../shared/feedback';
import { CheckboxField, Field, useFocusFirstError } from '../../ui/Field';
import { useAdoptTypedValues } from '../../ui/use-adopt-typed-values';
import { HeldButton } from '../../ui/HeldButton';
import { useTryAgain } from '../../ui/use-try-again';
import '../shared/auth.css';

const initialValues: LoginValues = { username: '', password: '', remember: false };

/** The login screen: e-mail, password, Keep me signed in, social sign-in, links to recovery and sign-up. */
export function Login({ params }: { params: URLSearchParams }): ReactNode {
  const form = useRef<HTMLFormElement>(null);
  const next = safeNextPath(params.get('next'));
  const formik = useFormik<LoginValues>({
    initialValues,
    validationSchema: loginSchema,
    validateOnChange: false,
    onSubmit: async (values) => {
      const done = await $signIn.mutate(values);
      if (done && 'error' in done) showFailure(done.error);
      else if (done) leaveModal(next, [{ kind: 'success', message: welcomeMessage(done.data) }]);
    },
  });
  useFocusFirstError(formik, form);
  useAdoptTypedValues(form, formik, initialValues);
  const wait = useTryAgain($signIn.wait);
  const { loading } = useStore($signIn);

  const { setFieldValue } = formik;
  useEffect(() => {
    const username = rememberedUsername();
    // A deep link's page script prefills it before hydration, and what the shopper typed since wins.
    const field = form.current?.elements.namedItem('username');
    if (!username || (field instanceof HTMLInputElement && field.value !== '')) return;
    void setFieldValue('username', username, false);
    void setFieldValue('remember', true, false);
  }, [setFieldValue]);

  const reset = params.get('reset') === 'successful';
  const unlocked = params.get('unlock') === 'successful';
  useEffect(() => {
    if (reset) notify.success(authMessages.passwordReset);
    if (unlocked) notify.success(authMessages.unlocked);
  }, [reset, unlocked]);

  const social = (provider: SocialProvider): void => {
    signInWithSocial(provider, { remember: formik.values.remember === true, next }).catch(showFailure);
  };

  return (
    <>
      <p className="auth-lede">Welcome back! Sign in to order from online shops around the world with one account.</p>
      {reset ? (
        <p className="auth-notice" role="status">
          {authMessages.passwordChanged}. Sign in with your new password.
        </p>
      ) : null}
      <form ref={form} className="form auth-form" method="post" noValidate onSubmit={formik.handleSubmit}>
        <Field form={formik} required requiredMark={false} name="username" label="Email" type="email" autoComplete="username" initialFocus />
        <Field form={formik} type="password" required requiredMark={false} name="password" label="Password" autoComplete="current-password" />
        <div className="auth-row">
          <CheckboxField form={formik} name="remember" label="Keep me signed in" />
          <a href={modalHref('forgotPassword')} data-modal>
            Forgot Password?
          </a>
        </div>
        <div className="auth-actions">
          <HeldButton wait={wait} waitId="sign-in-wait" disabled={loading} busy={loading} noticeClassName="auth-notice">
            Sign In
          </HeldButton>
          <p className="auth-divider">or</p>
          <button type="button" className="button button--ghost" onClick={() => social('facebook')}>
            Sign in with Facebook
          </button>
          <button type="button" className="button button--ghost" onClick={() => social('google')}>
            Sign in with Google
          </button>
        </div>
      </form>
      <p className="auth-switch">
        New here? <a href={modalHref('register')} data-modal>Sign up</a>
      </p>
    </>
  );
}
