import Swiper from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import { SLIDE_CHANGE_EVENT } from './carousel-event';

/** Milliseconds between slides (SPEC section 9). */
const AUTOPLAY_DELAY = 5000;


/** Fewest slides swiper's centred loop needs with 22 % slides (five in view, three looped). */
export const LOOP_MINIMUM = 8;

/**
 * Labels the slides 'n of total' and, when there are too few for the loop, appends copies that
 * assistive technology and the tab order skip (swiper asks for duplicates in that case).
 */
export function padForLoop(wrapper: HTMLElement, minimum = LOOP_MINIMUM): void {
  const originals = [...wrapper.children].filter((el): el is HTMLElement => el instanceof HTMLElement);
  originals.forEach((slide, index) => slide.setAttribute('aria-label', `${index + 1} of ${originals.length}`));
  if (originals.length === 0) return;
  for (let total = originals.length; total < minimum; total += originals.length) {
    for (const slide of originals) {
      const copy = slide.cloneNode(true) as HTMLElement;
      copy.removeAttribute('aria-label');
      copy.setAttribute('aria-hidden', 'true');
      copy.dataset.copy = '';
      for (const focusable of copy.querySelectorAll('a, button, input, select, textarea, [tabindex]')) focusable.setAttribute('tabindex', '-1');
      wrapper.append(copy);
    }
  }
}

function setToggle(button: HTMLButtonElement, playing: boolean): void {
  const label = button.querySelector('[data-label]');
  if (label) label.textContent = playing ? 'Pause slides' : 'Play slides';
  button.dataset.state = playing ? 'playing' : 'paused';
}

/** Turns one [data-carousel] root into a looping, autoplaying, pausable swiper. */
export function initCarousel(root: HTMLElement): Swiper | undefined {
  const container = root.querySelector<HTMLElement>('.swiper');
  const prev = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  if (!container || !prev || !next || !toggle || !controls) return undefined;

  const wrapper = container.querySelector<HTMLElement>('.swiper-wrapper');
  if (wrapper) padForLoop(wrapper);
  // Leave the scrollable-row fallback before swiper measures: its gap and scroll offset would skew every slide.
  root.classList.add('is-ready');
  container.scrollLeft = 0;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  // The page starts in the first slide's state, or in what the shopper chose before this code arrived: only a move
  // to another slide is announced. Swiper's loop reports slideChange several times on the first slide as it starts,
  // and announcing those would undo that choice.
  let shown = 0;
  const announce = (swiper: Swiper): void => {
    const slide = swiper.slides[swiper.activeIndex];
    if (!slide || swiper.realIndex === shown) return;
    shown = swiper.realIndex;
    root.dispatchEvent(new CustomEvent(SLIDE_CHANGE_EVENT, { detail: slide }));
  };

  const swiper = new Swiper(container, {
    modules: [Autoplay, A11y],
    slidesPerView: 'auto',
    centeredSlides: true,
    spaceBetween: 16,
    loop: true,
    speed: reducedMotion.matches ? 0 : 400,
    autoplay: { delay: AUTOPLAY_DELAY, disableOnInteraction: false, pauseOnMouseEnter: true },
    a11y: { prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide', slideLabelMessage: '', itemRoleDescriptionMessage: 'slide' },
    watchSlidesProgress: true,
    on: { slideChange: announce },
  });

  // Swiper's loop drops a step asked for mid-slide; a shopper's quick second press is kept and played after it.
  let pendingSteps = 0;
  const step = (): void => {
    if (pendingSteps === 0 || swiper.animating) return;
    const forward = pendingSteps > 0;
    pendingSteps += forward ? -1 : 1;
    if (forward) swiper.slideNext();
    else swiper.slidePrev();
  };
  swiper.on('transitionEnd', step);
  prev.addEventListener('click', () => {
    pendingSteps -= 1;
    step();
  });
  next.addEventListener('click', () => {
    pendingSteps += 1;
    step();
  });

  const play = (): void => {
    swiper.autoplay.start();
    setToggle(toggle, true);
  };
  const stop = (): void => {
    swiper.autoplay.stop();
    setToggle(toggle, false);
  };

  // The scrollable-row fallback's focus stop and region are no longer needed.
  for (const attribute of ['tabindex', 'role', 'aria-label']) container.removeAttribute(attribute);
  controls.hidden = false;
  if (reducedMotion.matches) stop();
  else setToggle(toggle, true);

  toggle.addEventListener('click', () => (swiper.autoplay.running ? stop() : play()));
  // WAI carousel pattern: rotation stops for good once focus enters the slides or arrows.
  root.addEventListener('focusin', (event) => {
    if (event.target !== toggle && swiper.autoplay.running) stop();
  });
  reducedMotion.addEventListener('change', () => {
    swiper.params.speed = reducedMotion.matches ? 0 : 400;
    if (reducedMotion.matches) stop();
  });
  return swiper;
}
