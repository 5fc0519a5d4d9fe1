import { useEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useFormikContext } from 'formik';
import { $draftSaveFailed, isDraftBlank, saveDraft } from '../../../lib/stores/order-draft';
import type { OrderFormValues } from '../../../lib/schemas/order';
import { notify } from '../../ui/Toasts';

/** The question asked before an in-app link leaves a draft that was not sent. */
const LEAVE_MESSAGE = 'Leave the order form? Your order has not been placed yet (your draft stays saved on this device).';

let warned = false;

/** True for a plain left click on a same-site link to another page that is not a modal or a new tab. */
function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('data-modal') || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname;
}

/** Saves the draft on each change, warns once when it cannot, and asks before leaving a draft that was not sent. */
export function DraftKeeper(): ReactNode {
  const { values, isSubmitting } = useFormikContext<OrderFormValues>();
  const saveFailed = useStore($draftSaveFailed);
  const first = useRef(true);
  const blank = isDraftBlank(values);

  useEffect(() => {
    // The first values came from storage; saving them again would change nothing.
    if (first.current) {
      first.current = false;
      return;
    }
    void saveDraft(values);
  }, [values]);

  useEffect(() => {
    if (!saveFailed || warned) return;
    warned = true;
    notify.warning('Your draft could not be saved on this device. You can keep filling in the form and place your order.');
  }, [saveFailed]);

  useEffect(() => {
    if (blank || isSubmitting) return undefined;
    let confirmed = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (confirmed) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!leavesPage(event)) return;
      if (window.confirm(LEAVE_MESSAGE)) {
        confirmed = true;
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [blank, isSubmitting]);

  return null;
}
