/** What `within` resolves to when the time ran out first. */
export const TIMED_OUT: unique symbol = Symbol("timed out");

/** `promise`'s value, or `TIMED_OUT` after `ms` milliseconds, whichever comes first; the timer never outlives the race. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
