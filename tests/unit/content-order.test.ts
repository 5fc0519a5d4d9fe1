import { describe, expect, it } from 'vitest';
import { byUniqueOrder } from '../../src/lib/content-order';

/** An FAQ entry as the glob loader gives it: its id, its file from the project root, its front matter. */
const faq = (id: string, order: number) => ({ id, filePath: `src/content/faqs/${id}.md`, data: { topic: `About ${id}`, order } });

describe('byUniqueOrder (src/lib/content-order.ts)', () => {
  it('sorts the entries by order, lowest first, and leaves the given list as it was', () => {
    const entries = [faq('c', 3), faq('a', 1), faq('b', -2), faq('d', 10)];
    expect(byUniqueOrder(entries, 'FAQ').map((entry) => entry.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(entries.map((entry) => entry.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('takes an empty collection', () => {
    expect(byUniqueOrder([], 'FAQ')).toEqual([]);
  });

  it('refuses two entries with the same order, naming both files and the field', () => {
    expect(() => byUniqueOrder([faq('b', 3), faq('c', 1), faq('a', 3)], 'FAQ')).toThrow(
      new Error('src/content/faqs/a.md and src/content/faqs/b.md: "order" 3 is used twice; give each FAQ its own number'),
    );
  });

  it('names every file of a number used three times, and every number used more than once', () => {
    const entries = [faq('e', 2), faq('a', 7), faq('d', 2), faq('b', 7), faq('c', 2), faq('f', 4)];
    expect(() => byUniqueOrder(entries, 'FAQ')).toThrow(
      new Error(
        [
          'src/content/faqs/c.md, src/content/faqs/d.md and src/content/faqs/e.md: "order" 2 is used 3 times; give each FAQ its own number',
          'src/content/faqs/a.md and src/content/faqs/b.md: "order" 7 is used twice; give each FAQ its own number',
        ].join('\n'),
      ),
    );
  });

  it('names an entry by its id when its loader gives no file', () => {
    expect(() =>
      byUniqueOrder(
        [
          { id: 'get-quote', data: { order: 4 } },
          { id: 'pay', data: { order: 4 } },
        ],
        'step',
      ),
    ).toThrow('get-quote and pay: "order" 4 is used twice; give each step its own number');
  });
});
