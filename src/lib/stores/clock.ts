import { atom, onMount } from 'nanostores';

/** How often the clock ticks: the quote clock shows minutes, so every 15 s is live enough. */
const TICK_MS = 15_000;

/** The current time, ticking while any screen shows a clock (epoch ms). */
export const $now = atom(Date.now());

onMount($now, () => {
  $now.set(Date.now());
  const timer = setInterval(() => $now.set(Date.now()), TICK_MS);
  return () => clearInterval(timer);
});
