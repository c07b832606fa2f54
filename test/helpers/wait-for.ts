/**
 * Polls `check` every 10 ms until it holds; throws `timed out waiting for <what>` after `ms`.
 * For notifications that arrive on another stream than the request that caused them.
 */
export async function waitFor(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
