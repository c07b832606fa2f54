import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH. */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless Chromium that makes no request of its own (the machine is offline). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let screenshots: string | undefined;

/**
 * Where the screenshots go: EXPLORER_SCREENSHOTS, or a new temporary folder per run, made at the
 * first screenshot.
 */
export function screenshotFolder(): string {
  screenshots ??=
    process.env.EXPLORER_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'snodo-explorer-screenshots-'));
  mkdirSync(screenshots, { recursive: true });
  return screenshots;
}

/** A headless Chromium with a fresh profile, and the page errors of the pages it opened. */
export interface Chromium {
  /** A new page whose uncaught errors and console errors are collected in `errors`. */
  newPage(): Promise<Page>;
  /** Uncaught errors and console errors of every page so far. */
  readonly errors: string[];
  /** Saves a screenshot of the page in {@link screenshotFolder}; resolves to its path. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts Chromium with a fresh `--user-data-dir` (launchPersistentContext's folder). */
export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'snodo-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: EXECUTABLE,
    headless: true,
    args: ARGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
  const errors: string[] = [];
  return {
    errors,
    async newPage() {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
      });
      return page;
    },
    async screenshot(page, name) {
      const path = join(screenshotFolder(), `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The form control of a generated field, by the property name on its label (within `scope`). */
export function field(page: Page, name: string, scope: Page | Locator = page): Locator {
  const label = `label.field-label > .field-name:text-is(${JSON.stringify(name)})`;
  return scope.locator(`.field:has(> ${label}) > :is(input, select, textarea)`);
}

/** Picks a component in the sidebar, on its tab, by its name, URI or template. */
export async function pick(page: Page, tab: string, address: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${tab} \\(`) }).click();
  await page
    .locator('#list button.item')
    .filter({ has: page.locator('.item-address', { hasText: new RegExp(`^${escape(address)}$`) }) })
    .click();
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of the locator once it has some (waits for it). */
export async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor();
  return (await locator.first().textContent()) ?? '';
}
