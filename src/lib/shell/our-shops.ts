import { SLIDE_CHANGE_EVENT } from './carousel-event';

/** Highlights the shops of `category` in the grid and marks its category button as pressed. */
export function selectCategory(page: ParentNode, category: string): void {
  for (const button of page.querySelectorAll<HTMLButtonElement>('[data-category-button]')) {
    button.setAttribute('aria-pressed', String(button.dataset.categoryButton === category));
  }
  for (const tile of page.querySelectorAll<HTMLElement>('[data-shop-category]')) {
    const match = tile.dataset.shopCategory === category;
    tile.classList.toggle('is-highlighted', match);
    if (match) tile.setAttribute('aria-current', 'true');
    else tile.removeAttribute('aria-current');
  }
  const caption = page.querySelector<HTMLElement>('[data-category-caption]');
  const name = page.querySelector<HTMLElement>(`[data-category-button="${CSS.escape(category)}"]`)?.dataset.categoryName;
  if (caption && name) caption.textContent = name;
}

/** Follows the category carousel: the centred category is the selected one; a click selects too. */
export function followCategories(carousel: HTMLElement, page: ParentNode): void {
  // The buttons come disabled, visibly not ready, until this script can answer them (docs/hydration.md).
  for (const button of carousel.querySelectorAll<HTMLButtonElement>('[data-category-button]')) button.disabled = false;
  carousel.addEventListener(SLIDE_CHANGE_EVENT, (event) => {
    const slide = (event as CustomEvent<HTMLElement>).detail;
    const category = slide.querySelector<HTMLElement>('[data-category-button]')?.dataset.categoryButton;
    if (category) selectCategory(page, category);
  });
  carousel.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-category-button]') : null;
    if (button?.dataset.categoryButton) selectCategory(page, button.dataset.categoryButton);
  });
}
