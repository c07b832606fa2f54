/** jose's module, as the client's signing code uses it. @internal */
export type Jose = typeof import('jose');

let loading: Promise<Jose> | undefined;

/**
 * jose, imported on the first signature the client makes (a DPoP proof or a `private_key_jwt`
 * assertion) rather than with the package: the server side imports the client (the explorer page
 * and the test client use it), and jose costs a cold start ~10–30 ms that no server needs.
 * @internal
 */
export function loadJose(): Promise<Jose> {
  return (loading ??= import('jose'));
}
