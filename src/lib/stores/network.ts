import { atom, onMount } from 'nanostores';

/** Whether the browser has a connection (navigator.onLine, kept current by the online and offline events). */
export const $online = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

onMount($online, () => {
  const update = (): void => $online.set(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});
