/** Map entries in key order (the default sort would stringify each [key, value] pair). */
export function sortedEntries<V>(map: Map<string, V>): [string, V][] {
  return [...map].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
