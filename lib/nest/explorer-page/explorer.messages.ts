/** Messages of the explorer page. @internal */
export const EXPLORER_MESSAGES = {
  ASSETS_MISSING: (folder: string, reason: string) =>
    `Snodo: the explorer page's assets are missing from ${folder} (${reason}); reinstall @snodo/nestjs, or turn the explorer off`,
  NO_SUCH_ASSET: (name: string) => `The explorer has no asset named "${name}"`,
  ON_IN_PRODUCTION: (path: string) =>
    `The explorer page is served at /${path} while NODE_ENV is "production": it shows the server's catalog to whoever reaches it. Guard it (explorer: { guards }), or turn it on only in development (explorer: process.env.NODE_ENV !== 'production')`,
} as const;
