/** The types of scripts/build-explorer.mjs, for the specs that build the explorer page. */

/** Where `node scripts/build-explorer.mjs` writes the page by default: dist-explorer/. */
export declare const DEV_FOLDER: string;

/** Builds the page: its files by name (`index.html`, `explorer.css`, `explorer.js`). */
export declare function buildExplorer(): Promise<Map<string, string>>;

/** Writes the page's files into each folder, each file replaced at once. */
export declare function writeExplorer(files: Map<string, string>, folders: string[]): void;
