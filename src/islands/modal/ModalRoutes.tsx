import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { takeFlashes } from '../../lib/flash';
import { modalLinkTarget, modalRouteOf, type ModalRoute } from '../../lib/modal-routes';
import { $modal, leaveModal, openModal, syncModal, type ModalLocation } from '../../lib/stores/modal';
import { ForgotPassword } from './forgot-password/ForgotPassword';
import { showFlash } from './shared/feedback';
import { Login } from './login/Login';
import { NewPassword } from './new-password/NewPassword';
import { Register } from './register/Register';
import { UploadOrderInstructions } from './upload-order-instructions/UploadOrderInstructions';
import { Modal } from '../ui/Modal';
import { Toasts } from '../ui/Toasts';

const TITLES: Record<ModalRoute, string> = {
  login: 'Log In',
  register: 'Register',
  forgotPassword: 'Forgot Password',
  newPassword: 'New Password',
  uploadOrderInstructions: 'How to take a screenshot',
};

function Screen({ route, params }: { route: ModalRoute; params: URLSearchParams }): ReactNode {
  switch (route) {
    case 'login':
      return <Login params={params} />;
    case 'register':
      return <Register />;
    case 'forgotPassword':
      return <ForgotPassword />;
    case 'newPassword':
      return <NewPassword params={params} />;
    case 'uploadOrderInstructions':
      return <UploadOrderInstructions />;
  }
}

/** The modal routes over the current page, the page's toasts, and flash messages from the previous page. */
export function ModalRoutes({ initialPath }: { initialPath?: string }): ReactNode {
  // React asks for the server's value more than once while hydrating: it must be the same object each time.
  const [server] = useState(() => {
    const location: ModalLocation = { route: initialPath ? modalRouteOf(initialPath) : undefined, search: '' };
    return () => location;
  });
  const { route, search } = useStore($modal, { ssr: server });

  useEffect(() => {
    const showPending = (): void => {
      for (const flash of takeFlashes()) showFlash(flash);
    };
    const onPopState = (): void => {
      syncModal();
      showPending();
    };
    const onClick = (event: MouseEvent): void => {
      const url = modalLinkTarget(event);
      if (!url) return;
      event.preventDefault();
      openModal(url.href);
    };
    syncModal();
    showPending();
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick);
    };
  }, []);

  const close = useCallback(() => leaveModal(), []);

  return (
    <>
      <Toasts />
      {route && (
        // One dialog for a chain of screens (Log In, then Forgot Password): closing it gives focus back to the link that opened the first.
        <Modal title={TITLES[route]} onClose={close} size={route === 'uploadOrderInstructions' || route === 'register' ? 'wide' : 'narrow'}>
          <Screen key={route} route={route} params={new URLSearchParams(search)} />
        </Modal>
      )}
    </>
  );
}
