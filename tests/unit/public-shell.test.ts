// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advertBanner, bannerItem, bannerKey, pictureUrl, runningBanners, showAdverts } from '../../src/lib/shell/adverts';
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
    const banner = advertBanner(
      { id: 1, portalId: 2, name: '<img src=x onerror=alert(1)>', startDate: '', endDate: '', createdAt: '', picture: '/adverts/2.svg' },
      { '2': { name: 'ASOS', link: 'https://www.asos.com' } },
    );
    const item = banner && bannerItem(banner);
    expect(item?.querySelectorAll('img')).toHaveLength(1);
    const image = item?.querySelector('img');
    expect(image?.alt).toBe('<img src=x onerror=alert(1)>');
    expect(image?.getAttribute('width')).toBe('1200');
    const link = item?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://www.asos.com');
    expect(link?.target).toBe('_blank');
    expect(link?.rel).toBe('noopener noreferrer');
    expect(link?.dataset.portalId).toBe('2');
    expect(link?.textContent).toBe(' (ASOS, opens in a new tab)');
    expect(item?.dataset.banner).toBe(bannerKey({ src: '/adverts/2.svg', alt: '<img src=x onerror=alert(1)>', shop: { portalId: 2, name: 'ASOS', link: 'https://www.asos.com' } }));
  });

  it('skips an advert whose picture is not allowed, and shows one of a shop without a link unlinked', () => {
    expect(advertBanner({ id: 1, portalId: 2, name: 'x', startDate: '', endDate: '', createdAt: '', picture: 'javascript:x' }, {})).toBeUndefined();
    const unlinked = advertBanner({ id: 1, portalId: 2, name: 'x', startDate: '', endDate: '', createdAt: '', picture: '/adverts/1.svg' }, {});
    expect(unlinked).toEqual({ src: '/adverts/1.svg', alt: 'x' });
    expect(unlinked && bannerItem(unlinked).querySelector('a')).toBeNull();
  });
});

describe('advert banners drawn at build time', () => {
  const shops = { '1': { name: 'Amazon', link: 'https://www.amazon.com' } };
  const advert = (id: number, name: string, end = '2026-12-31') => ({ id, portalId: 1, name, startDate: '2026-11-01', endDate: end, createdAt: '', picture: `/adverts/${id}.svg` });
  const now = new Date(2026, 10, 28, 12);

  /** A section as AdvertBanners.astro draws it with these adverts running at build time. */
  function drawnSection(drawn: ReturnType<typeof advert>[]): HTMLElement {
    const section = document.createElement('section');
    section.dataset.shops = JSON.stringify(shops);
    const banners = runningBanners(drawn, shops, now);
    section.hidden = banners.length === 0;
    const list = document.createElement('ul');
    list.append(...banners.map(bannerItem));
    section.append(list);
    document.body.append(section);
    return section;
  }

  function serviceLists(adverts: ReturnType<typeof advert>[] | 'down'): void {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const wire = (a: ReturnType<typeof advert>) => ({ id: a.id, portal_id: a.portalId, name: a.name, start_date: a.startDate, end_date: a.endDate, picture: a.picture });
    vi.stubGlobal('fetch', vi.fn(async () => (adverts === 'down' ? Promise.reject(new TypeError('offline')) : Response.json(adverts.map(wire)))));
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the drawn banners, the same nodes, when the service lists the same running adverts', async () => {
    const section = drawnSection([advert(1, 'Tech week'), advert(2, 'Sale')]);
    const before = [...section.querySelectorAll('li')];
    serviceLists([advert(1, 'Tech week'), advert(2, 'Sale'), advert(3, 'Ended', '2026-11-27')]);
    await showAdverts(section);
    expect([...section.querySelectorAll('li')]).toEqual(before);
    expect(before.every((item, index) => item === section.querySelectorAll('li')[index])).toBe(true);
    expect(section.hidden).toBe(false);
  });

  it('draws what the service lists now when it differs, and hides the section when nothing runs', async () => {
    const section = drawnSection([advert(1, 'Tech week'), advert(2, 'Sale', '2026-11-27')]);
    expect(section.querySelectorAll('img')).toHaveLength(1);
    serviceLists([advert(1, 'Tech week renamed')]);
    await showAdverts(section);
    expect([...section.querySelectorAll('img')].map((image) => image.alt)).toEqual(['Tech week renamed']);
    serviceLists([advert(1, 'Over', '2026-11-01')]);
    await showAdverts(section);
    expect(section.querySelectorAll('li')).toHaveLength(0);
    expect(section.hidden).toBe(true);
  });

  it('shows the running adverts of a page built with none, and keeps the drawn ones when the service cannot be reached', async () => {
    const empty = drawnSection([]);
    expect(empty.hidden).toBe(true);
    serviceLists([advert(4, 'New')]);
    await showAdverts(empty);
    expect(empty.hidden).toBe(false);
    expect(empty.querySelector('img')?.alt).toBe('New');
    const drawn = drawnSection([advert(1, 'Tech week')]);
    serviceLists('down');
    await showAdverts(drawn);
    expect(drawn.querySelector('img')?.alt).toBe('Tech week');
    expect(drawn.hidden).toBe(false);
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
