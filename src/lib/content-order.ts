/** A content entry as far as its place in a list goes: its file (glob-loaded entries carry it) and its `order`. */
export interface OrderedEntry {
  id: string;
  filePath?: string;
  data: { order: number };
}

/** The entries sorted by `order`; throws, naming the files and the field, when two of them share a number (`what`: "FAQ"). */
export function byUniqueOrder<T extends OrderedEntry>(entries: readonly T[], what: string): T[] {
  const files = new Map<number, string[]>();
  for (const entry of entries) files.set(entry.data.order, [...(files.get(entry.data.order) ?? []), entry.filePath ?? entry.id]);
  const problems = [...files]
    .filter(([, paths]) => paths.length > 1)
    .sort(([a], [b]) => a - b)
    .map(([order, paths]) => {
      const sorted = [...paths].sort();
      const named = `${sorted.slice(0, -1).join(', ')} and ${sorted.slice(-1).join('')}`;
      const used = paths.length === 2 ? 'twice' : `${paths.length} times`;
      return `${named}: "order" ${order} is used ${used}; give each ${what} its own number`;
    });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return [...entries].sort((a, b) => a.data.order - b.data.order);
}
