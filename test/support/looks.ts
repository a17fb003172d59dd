// Waiting for something another process or connection does (a NOTIFY, a log line, a sender's
// turn): a bounded count of looks, never a deadline in seconds, so that a busy machine that is
// slow is not a failing test, while something that never happens still fails (~30 s quiet).

/** Looks until `read()` gives a value `done` accepts, and returns it; throws naming `what` if it never does. */
export async function lookUntil<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (let i = 0; i < 1500 && !done(value); i++) {
    await Bun.sleep(20);
    value = await read();
  }
  if (!done(value)) throw new Error(`never: ${what} (last: ${JSON.stringify(value)?.slice(0, 200)})`);
  return value;
}
