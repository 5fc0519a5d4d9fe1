import type { ClientDirective } from 'astro';
import { ISLAND_READY } from './ready';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the first focus, pointer or key event inside the island. */
    'client:interact'?: boolean;
  }
}

const TRIGGERS = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * client:interact: hydrates an island on the first focus, pointer or key event inside it (or at
 * once when it already holds focus). A submit that arrives before the island says it is ready is
 * held and replayed, so a quick click on the send button is never lost nor sent natively.
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
    await hydrate();
  }

  // Hydration is concurrent: only the island's own signal says its submit handler is live.
  const ready = (): void => {
    el.removeEventListener('submit', hold, true);
    el.removeEventListener(ISLAND_READY, ready);
    if (heldForm) {
      const form = heldForm;
      requestAnimationFrame(() => form.requestSubmit());
    }
  };

  el.addEventListener('submit', hold, true);
  el.addEventListener(ISLAND_READY, ready);
  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
  if (el.contains(document.activeElement)) void start();
};

export default interact;
