import type { ClientDirective } from 'astro';

const TRIGGERS = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * client:interact: hydrates an island on the first focus, pointer or key event inside it (or at
 * once when it already holds focus). A submit that arrives before React exists is held and
 * replayed, so a quick click on the send button is never lost nor sent as a plain GET.
 */
const interact: ClientDirective = (load, _options, el) => {
  let started = false;
  let heldForm: HTMLFormElement | undefined;

  const hold = (event: Event): void => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) heldForm = event.target;
    void start();
  };

  async function start(): Promise<void> {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    // From here React's own listeners own the events (it replays those that come mid-hydration).
    el.removeEventListener('submit', hold, true);
    await hydrate();
    if (heldForm) {
      const form = heldForm;
      requestAnimationFrame(() => form.requestSubmit());
    }
  }

  el.addEventListener('submit', hold, true);
  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
  if (el.contains(document.activeElement)) void start();
};

export default interact;
