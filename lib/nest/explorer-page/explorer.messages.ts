/** Messages of the explorer page. @internal */
export const EXPLORER_MESSAGES = {
  ASSETS_MISSING: (folder: string, reason: string) =>
    `Snodo: the explorer page's assets are missing from ${folder} (${reason}); reinstall @snodo/nestjs, or turn the explorer off`,
  NO_SUCH_ASSET: (name: string) => `The explorer has no asset named "${name}"`,
} as const;
