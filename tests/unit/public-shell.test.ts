// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { advertItem, pictureUrl } from '../../src/lib/shell/adverts';
import { LOOP_MINIMUM, padForLoop } from '../../src/lib/shell/carousel';
import { selectCategory } from '../../src/lib/shell/our-shops';
import { prefillFromQuery } from '../../src/lib/shell/prefill';
import { SESSION_FLAG_SCRIPT } from '../../src/lib/shell/session-flag';
import { looksLikeToken } from '../../src/lib/api/token-storage';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  delete document.documentElement.dataset.session;
});

describe('session flag script', () => {
  const run = () => new Function(SESSION_FLAG_SCRIPT)();

  it('marks a guest without a token and a user with one in either storage', () => {
    run();
    expect(document.documentElement.dataset.session).toBe('guest');
    sessionStorage.setItem('access_token', 'abc');
    run();
    expect(document.documentElement.dataset.session).toBe('user');
    sessionStorage.clear();
    localStorage.setItem('access_token', 'abc');
    run();
    expect(document.documentElement.dataset.session).toBe('user');
  });

  it.each([
    ['a bearer token', 'abc.DEF-123_~+/='],
    ['garbage with a space', 'not a token'],
    ['markup', '<img src=x>'],
    ['JSON', '{"token":"abc"}'],
    ['4096 characters', 'a'.repeat(4096)],
    ['4097 characters', 'a'.repeat(4097)],
  ])('reads %s as the session store does (user only for what looksLikeToken accepts)', (_name, stored) => {
    localStorage.setItem('access_token', stored);
    run();
    expect(document.documentElement.dataset.session).toBe(looksLikeToken(stored) ? 'user' : 'guest');
  });
});

describe('advert banners', () => {
  it('accepts http(s) pictures and paths on this site only', () => {
    expect(pictureUrl('/adverts/1.svg')).toBe('/adverts/1.svg');
    expect(pictureUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(pictureUrl('//evil.example/a.png')).toBe('');
    expect(pictureUrl('javascript:alert(1)')).toBe('');
    expect(pictureUrl('data:image/svg+xml,<svg/>')).toBe('');
  });

  it('renders the advert name as text and links to the shop in a new tab', () => {
    const item = advertItem(
      { id: 1, portalId: 2, name: '<img src=x onerror=alert(1)>', startDate: '', endDate: '', createdAt: '', picture: '/adverts/2.svg' },
      { '2': { name: 'ASOS', link: 'https://www.asos.com' } },
    );
    expect(item?.querySelectorAll('img')).toHaveLength(1);
    const image = item?.querySelector('img');
    expect(image?.alt).toBe('<img src=x onerror=alert(1)>');
    expect(image?.getAttribute('width')).toBe('1200');
    const link = item?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://www.asos.com');
    expect(link?.target).toBe('_blank');
    expect(link?.rel).toBe('noopener noreferrer');
    expect(link?.dataset.portalId).toBe('2');
  });

  it('skips an advert whose picture is not allowed', () => {
    expect(advertItem({ id: 1, portalId: 2, name: 'x', startDate: '', endDate: '', createdAt: '', picture: 'javascript:x' }, {})).toBeUndefined();
  });
});

describe('carousel loop padding', () => {
  const slides = (n: number) => {
    const wrapper = document.createElement('div');
    for (let i = 0; i < n; i += 1) {
      const slide = document.createElement('div');
      slide.innerHTML = `<button type="button">Slide ${i + 1}</button>`;
      wrapper.append(slide);
    }
    return wrapper;
  };

  it('labels the slides and adds hidden, unfocusable copies when there are too few', () => {
    const wrapper = slides(7);
    padForLoop(wrapper);
    expect(wrapper.children.length).toBe(14);
    expect(wrapper.children[0]?.getAttribute('aria-label')).toBe('1 of 7');
    const copy = wrapper.children[7] as HTMLElement;
    expect(copy.getAttribute('aria-hidden')).toBe('true');
    expect(copy.hasAttribute('aria-label')).toBe(false);
    expect(copy.querySelector('button')?.tabIndex).toBe(-1);
  });

  it('leaves enough slides alone', () => {
    const wrapper = slides(LOOP_MINIMUM + 2);
    padForLoop(wrapper);
    expect(wrapper.children.length).toBe(LOOP_MINIMUM + 2);
    expect(wrapper.querySelector('[aria-hidden]')).toBeNull();
  });
});

describe('our shops selection', () => {
  it('presses the category button and marks only its shops as current', () => {
    document.body.innerHTML = `
      <button data-category-button="fashion" data-category-name="Fashion" aria-pressed="true"></button>
      <button data-category-button="sports" data-category-name="Sports" aria-pressed="false"></button>
      <strong data-category-caption>Fashion</strong>
      <ul><li data-shop-category="fashion" aria-current="true" class="is-highlighted">ASOS</li><li data-shop-category="sports">Nike</li></ul>`;
    selectCategory(document, 'sports');
    expect(document.querySelector('[data-category-button="sports"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('[data-category-button="fashion"]')?.getAttribute('aria-pressed')).toBe('false');
    expect(document.querySelector('[data-shop-category="sports"]')?.getAttribute('aria-current')).toBe('true');
    expect(document.querySelector('[data-shop-category="fashion"]')?.hasAttribute('aria-current')).toBe(false);
    expect(document.querySelector('[data-category-caption]')?.textContent).toBe('Sports');
  });
});

describe('helpers', () => {
  it('prefills an empty field from the query string, as text', () => {
    const input = document.createElement('input');
    prefillFromQuery(input, 'title', '?title=%3Cb%3EOrder%2042%3C%2Fb%3E');
    expect(input.value).toBe('<b>Order 42</b>');
    input.value = 'typed';
    prefillFromQuery(input, 'title', '?title=Other');
    expect(input.value).toBe('typed');
  });
});
