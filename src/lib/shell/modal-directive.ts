import type { ClientDirective } from 'astro';
import { FLASH_KEY } from '../flash';
import { BACKGROUND_KEY, modalLinkTarget, modalRouteOf } from '../modal-routes';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates at once on a modal route or with a pending flash message, else on the first click on an a[data-modal] link. */
    'client:modal'?: boolean;
  }
}

function flashPending(): boolean {
  try {
    return sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}

/** client:modal: keeps React, formik and yup off public pages until a modal opens. */
const modalDirective: ClientDirective = (load) => {
  let started = false;
  const hydrate = async (): Promise<void> => {
    if (started) return;
    started = true;
    document.removeEventListener('click', onClick);
    const run = await load();
    await run();
  };
  const onClick = (event: MouseEvent): void => {
    const url = modalLinkTarget(event);
    if (!url) return;
    event.preventDefault();
    history.pushState({ [BACKGROUND_KEY]: location.href }, '', url.href);
    void hydrate();
  };
  if (modalRouteOf(location.pathname) || flashPending()) void hydrate();
  else document.addEventListener('click', onClick);
};

export default modalDirective;
