/** The guides served under `docs://guides/{+path}`, by path, as if they were files under /guides. */
export const GUIDES: Readonly<Record<string, string>> = {
  '/guides/getting-started.md':
    '# Getting started\n\nSearch for a package, then read `hex://<name>/info`.\n',
  '/guides/publishing/versions.md':
    '# Publishing versions\n\nUse the `publish_version` tool; subscribers of the package get notified.\n',
};
