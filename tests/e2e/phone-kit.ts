/** Long real-world values: what a shopper's data can look like, beyond the demo shopper's tidy samples. */
export const LONG = {
  firstName: 'Nomathemba-Siphosethu',
  lastName: 'van der Westhuizen-Mahlangu',
  // 60 characters.
  shopName: 'The International Outdoor, Camping & Adventure Gear Emporium',
  // 120 characters.
  url: 'https://www.example-outdoor-emporium.co.uk/collections/hiking/products/ultralight-waterproof-jacket-womens-navy?variant=1',
  productName: 'Ultralight waterproof breathable hiking jacket with detachable hood, navy, size M',
  comment:
    'Please choose the navy one in size M; if navy is sold out, black is fine. Gift wrapping not needed, thank you kindly!',
  address: {
    name: 'Unit 1204, Sunset Towers Residential Estate, Block C North Wing',
    address: '1204 Nelson Mandela Boulevard, corner of Walter Sisulu Avenue and Adderley Street',
    city: 'Gqeberha (Port Elizabeth) Northern Areas, Nelson Mandela Bay Metro',
    province: 'Eastern Cape',
    postal_code: '6001',
  },
  // R 1 234 567,89 and the parts that add up to it.
  quote: { fees: 123456.78, service_fee: 185, sub_total: 1073537.29, total_vat: 161030.6, total: 1234567.89 },
  price: 987654.32,
} as const;

/**
 * An API answer with the long values put in where the sandbox cannot hold them: every shop (a portal of an order,
 * or each entry of GET /portals) gets the 60-character name, every quote the seven-figure total, every price six
 * figures. `list` is 'portals' when the answer is the list of shops.
 */
export function lengthen(value: unknown, list: '' | 'portals' = '', key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => lengthen(item, list, list === 'portals' ? 'portal' : key));
  if (value === null || typeof value !== 'object') return value;
  const record = Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, lengthen(v, k === 'data' || k === 'portals' ? list : '', k)]),
  );
  if (key === 'portal' && 'name' in record) record.name = LONG.shopName;
  if (key === 'quote') Object.assign(record, LONG.quote);
  for (const price of ['cost_price', 'customs_price', 'delivery_price'])
    if (typeof record[price] === 'number') record[price] = LONG.price;
  return record;
}

/**
 * In the page: when the page is wider than its viewport, its width and the widest element that is not inside a
 * region that scrolls or clips on its own; null when the page fits.
 */
export function offPageElements(): { scrollWidth: number; widest: string } | null {
  const root = document.documentElement;
  if (root.scrollWidth <= root.clientWidth) return null;
  const clipped = (element: Element): boolean => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible') return true;
    }
    return false;
  };
  let widest: { element: Element; right: number } | undefined;
  for (const element of document.body.querySelectorAll('*')) {
    const right = element.getBoundingClientRect().right + window.scrollX;
    if (right > root.clientWidth + 0.5 && (!widest || right > widest.right) && !clipped(element)) widest = { element, right };
  }
  const describe = (element: Element): string =>
    `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  return {
    scrollWidth: root.scrollWidth,
    widest: widest ? `${describe(widest.element)} reaching ${Math.round(widest.right)} px` : 'none found',
  };
}

/**
 * In the page: the touch targets smaller than 24 by 24 px whose 24 px circle reaches another target (WCAG 2.2 2.5.8),
 * each described. A checkbox or radio counts with its label; a link inside a sentence is exempt.
 */
export function smallTargets(): string[] {
  const selector =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="option"]';
  // An open modal dialog makes the page behind it inert: only what is inside it can be touched.
  const modal = document.querySelector('dialog:modal');
  const shown = (element: Element): boolean => {
    if (!(element as HTMLElement).checkVisibility?.({ visibilityProperty: true, opacityProperty: true })) return false;
    if (element.closest('[inert], [aria-hidden="true"]') || (modal && !modal.contains(element))) return false;
    const box = element.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return false;
    // Clipped away by a carousel or a scrolling region: not a target now.
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible' && getComputedStyle(parent).overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < clip.left || x > clip.right || y < clip.top || y > clip.bottom) return false;
    }
    return true;
  };
  const inSentence = (element: Element): boolean => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    const block = element.parentElement;
    return !!block && (block.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
  };
  const area = (element: Element): DOMRect => {
    const box = element.getBoundingClientRect();
    const labels =
      element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
        ? [...(element.labels ?? [])]
        : [];
    const label = labels.map((l) => l.getBoundingClientRect()).find((l) => l.width * l.height > box.width * box.height);
    return label ?? box;
  };
  const targets = [...document.querySelectorAll(selector)].filter(shown).map((element) => ({ element, box: area(element) }));
  const small = (box: DOMRect): boolean => box.width < 23.5 || box.height < 23.5;
  const centre = (box: DOMRect): [number, number] => [box.left + box.width / 2, box.top + box.height / 2];
  const circleMeetsBox = ([x, y]: [number, number], box: DOMRect): boolean => {
    const dx = Math.max(box.left - x, 0, x - box.right);
    const dy = Math.max(box.top - y, 0, y - box.bottom);
    return dx * dx + dy * dy < 144;
  };
  const found: string[] = [];
  for (const target of targets) {
    if (!small(target.box) || inSentence(target.element)) continue;
    const at = centre(target.box);
    const neighbour = targets.find((other) => {
      if (other === target || other.element.contains(target.element) || target.element.contains(other.element)) return false;
      if (circleMeetsBox(at, other.box)) return true;
      const [ox, oy] = centre(other.box);
      return small(other.box) && (ox - at[0]) ** 2 + (oy - at[1]) ** 2 < 576;
    });
    if (!neighbour) continue;
    const name = (element: Element): string =>
      `<${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('')}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`;
    found.push(
      `${name(target.element)} ${Math.round(target.box.width)}x${Math.round(target.box.height)} px, beside ${name(neighbour.element)}`,
    );
  }
  return found;
}

/** In the page: the visible form fields whose text is under 16 px, which makes phones zoom in when they get focus. */
export function smallFieldText(): string[] {
  const fields = document.querySelectorAll(
    'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="range"]):not([type="color"]), select, textarea',
  );
  const modal = document.querySelector('dialog:modal');
  return [...fields]
    .filter(
      (field) =>
        (field as HTMLElement).checkVisibility?.({ visibilityProperty: true }) &&
        !field.closest('[inert]') &&
        (!modal || modal.contains(field)),
    )
    .filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16)
    .map(
      (field) =>
        `${field.tagName.toLowerCase()}#${field.id || (field as HTMLInputElement).name} at ${getComputedStyle(field).fontSize}`,
    );
}

/**
 * In the page, with the viewport cut to what the on-screen keyboard leaves: focuses each visible field in turn, as a
 * tap does, and returns those that then lie outside the viewport or under something else.
 */
export function coveredFields(): string[] {
  const modal = document.querySelector('dialog:modal');
  const fields = [...document.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, textarea')].filter(
    (field) =>
      field.checkVisibility?.({ visibilityProperty: true }) &&
      !field.closest('[inert]') &&
      (!modal || modal.contains(field)) &&
      field.getBoundingClientRect().width > 1,
  );
  const found: string[] = [];
  for (const field of fields) {
    // A phone brings the focused field into view at once; the site's smooth scrolling would only start moving it.
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    const box = field.getBoundingClientRect();
    const name = `${field.tagName.toLowerCase()}#${field.id || (field as HTMLInputElement).name}`;
    // Half a pixel either way is the rounding of a scroll to whole device pixels, not a field out of view.
    if (box.top < -0.5 || box.bottom > window.innerHeight + 0.5) {
      found.push(
        `${name} lies at ${Math.round(box.top)}-${Math.round(box.bottom)} px, outside the ${window.innerHeight} px left above the keyboard`,
      );
      continue;
    }
    const x = Math.min(box.left + Math.min(box.width / 2, 40), window.innerWidth - 1);
    const top = document.elementFromPoint(x, box.top + box.height / 2);
    const label = field instanceof HTMLInputElement ? [...(field.labels ?? [])] : [];
    if (top && top !== field && !field.contains(top) && !label.some((l) => l.contains(top))) {
      found.push(`${name} is covered by <${top.tagName.toLowerCase()}${[...top.classList].map((c) => `.${c}`).join('')}>`);
    }
  }
  (document.activeElement as HTMLElement | null)?.blur();
  return found;
}
