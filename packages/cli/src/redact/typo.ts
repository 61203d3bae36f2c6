/**
 * Whether `a` and `b` differ by at most one typo: one character inserted,
 * deleted or replaced, or two adjacent characters swapped.
 */
export function withinOneTypo(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (start === a.length && start === b.length) return true;
  const rest = (from: string, skip: number) => from.slice(start + skip);
  if (a.length === b.length) {
    if (rest(a, 1) === rest(b, 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && rest(a, 2) === rest(b, 2);
  }
  return a.length > b.length ? rest(a, 1) === rest(b, 0) : rest(a, 0) === rest(b, 1);
}
