// The explorer page of sample/01-tools (explorer: true) in headless Chromium: the catalog, a
// call of `echo`, an elicitation round, progress, structured results, errors, resources,
// templates, prompts and the Markdown catalog, each as a user clicks through them.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  field,
  launchChromium,
  pick,
  screenshotFolder,
  textOf,
  type Chromium,
} from './chromium.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const SAMPLE_TOOLS = [
  'audit_packages',
  'echo',
  'latest_version',
  'package_info',
  'place_order',
  'publish_version',
  'reindex',
  'review_package',
  'search',
  'yank_version',
];

describe('The explorer page of the sample, in Chromium', () => {
  let running: RunningApp;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    running = await startApp();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    process.stdout.write(`explorer screenshots: ${screenshotFolder()}\n`);
  });

  beforeEach(async () => {
    page = await browser.newPage();
    await page.goto(`${running.url}/explorer`);
    await page.getByRole('tab', { name: 'Tools (10)' }).waitFor();
  });

  afterEach(async () => {
    await page.close();
    expect(browser.errors.splice(0)).toEqual([]);
  });

  /** Calls the tool on the page with these field values, and waits for the result. */
  async function call(tool: string, values: Record<string, string>): Promise<void> {
    await pick(page, 'Tools', tool);
    for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
    await page.getByRole('button', { name: 'Call tool' }).click();
  }

  it('should list the catalog: every tool, resource, template and prompt', async () => {
    expect(await textOf(page.locator('#server-name'))).toBe('packages 1.0.0');
    expect(await page.locator('#list .item-address').allTextContents()).toEqual(SAMPLE_TOOLS);
    for (const tab of ['Resources (3)', 'Templates (2)', 'Prompts (4)'])
      await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('tab', { name: /^Resources/ }).click();
    expect(await page.locator('#list .item-address').allTextContents()).toEqual([
      'catalog://logo.png',
      'catalog://packages',
      'catalog://readme',
    ]);
    expect(await textOf(page.getByRole('article', { name: 'Server' }))).toContain(
      'Look up packages: search first',
    );
    await browser.screenshot(page, 'catalog');
  });

  it('should call echo and show its result and its log message', async () => {
    await call('echo', { text: 'Hello from Chromium' });
    const result = page.getByLabel('Result', { exact: true });
    expect(await textOf(result.locator('pre.content.text'))).toBe('Hello from Chromium');
    expect(await textOf(page.getByLabel('Log messages', { exact: true }).locator('li'))).toBe(
      'infoecho echoing 19 characters',
    );
    await browser.screenshot(page, 'echo');
  });

  it('should mirror an x-mcp-header argument in its Mcp-Param header from the first call', async () => {
    const calls: { headers: Record<string, string>; status: number }[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() !== 'POST' || !request.postData()?.includes('"tools/call"')) return;
      void request
        .response()
        .then(async (response) =>
          calls.push({ headers: await request.allHeaders(), status: response?.status() ?? 0 }),
        );
    });
    await pick(page, 'Tools', 'search');
    await field(page, 'query').fill('json');
    await field(page, 'registry').selectOption('hex');
    await page.getByRole('button', { name: 'Call tool' }).click();
    expect(
      await textOf(page.getByLabel('Result', { exact: true }).locator('pre.content.text')),
    ).toBe('jason: A blazing fast JSON parser and generator');
    // The page's tools/list told its client which arguments go in headers: no -32020, no retry.
    await waitFor(() => calls.length > 0, 'the tools/call request');
    expect(calls.map(({ headers, status }) => [headers['mcp-param-registry'], status])).toEqual([
      ['hex', 200],
    ]);
  });

  it('should answer an elicitation round with a form, and show the retried call', async () => {
    await call('yank_version', { name: 'jason', version: '1.4.0' });
    const round = page.getByRole('form', { name: 'Input requested' });
    expect(await textOf(round.locator('.question'))).toBe(
      'Withdraw jason 1.4.0? Projects that depend on it will no longer resolve it.',
    );
    await field(page, 'confirm', round).check();
    await field(page, 'reason', round).fill('superseded by 1.4.1');
    await browser.screenshot(page, 'elicitation');
    await round.getByRole('button', { name: 'Send answers' }).click();
    expect(
      await textOf(page.getByLabel('Result', { exact: true }).locator('pre.content.text')),
    ).toBe('Withdrew jason 1.4.0 (superseded by 1.4.1).');
    await call('yank_version', { name: 'jason', version: '1.4.1' });
    await page.getByRole('radio', { name: 'Decline' }).check();
    await page.getByRole('button', { name: 'Send answers' }).click();
    expect(
      await textOf(page.getByLabel('Result', { exact: true }).locator('pre.content.text')),
    ).toBe('Kept jason 1.4.1.');
  });

  it('should show structured content and the output schema, then an isError result', async () => {
    await call('package_info', { name: 'plug' });
    const structured = page.getByLabel('structured content', { exact: true });
    expect(JSON.parse(await textOf(structured))).toEqual({
      name: 'plug',
      description: 'Compose web applications with functions',
      versions: ['1.15.0', '1.16.1'],
    });
    expect(
      JSON.parse(await textOf(page.getByLabel('output schema', { exact: true }))),
    ).toMatchObject({
      required: ['name', 'description', 'versions'],
    });
    await field(page, 'name').fill('nope');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await page.getByText('The tool reported an error (isError: true)').waitFor();
    expect(await textOf(page.locator('.result.is-error pre.content.text'))).toBe(
      'No package is named "nope"; use search to find one.',
    );
  });

  it('should show the progress a call streams', async () => {
    await call('reindex', {});
    expect(
      await textOf(page.getByLabel('Result', { exact: true }).locator('pre.content.text')),
    ).toBe('Reindexed 4 packages.');
    expect(await textOf(page.locator('.progress-text'))).toBe('4 / 4: done');
    expect(await page.getByRole('progressbar').getAttribute('value')).toBe('4');
  });

  it('should cancel a call by closing its stream', async () => {
    await call('audit_packages', { seconds: '30' });
    await page.locator('.progress-text', { hasText: '0 / 4: auditing jason' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled: the stream was closed, which cancels the call.').waitFor();
    expect(await page.getByRole('button', { name: 'Call tool' }).isEnabled()).toBe(true);
  });

  it('should fill nested objects and arrays of objects from the input schema', async () => {
    await pick(page, 'Tools', 'place_order');
    await field(page, 'customer.id').fill('c-1');
    await field(page, 'lines[0].sku').fill('ecto');
    await field(page, 'lines[0].quantity').fill('2');
    await page.getByRole('button', { name: 'Add lines item' }).click();
    await field(page, 'lines[1].sku').fill('plug');
    await field(page, 'lines[1].quantity').fill('1');
    await page.getByRole('button', { name: 'Call tool' }).click();
    expect(
      JSON.parse(await textOf(page.getByLabel('structured content', { exact: true }))),
    ).toEqual({
      order_id: 'o-1',
      total: 37.5,
    });
  });

  it('should read resources: text and an image', async () => {
    await pick(page, 'Resources', 'catalog://readme');
    await page.getByRole('button', { name: 'Read resource' }).click();
    expect(await textOf(page.getByLabel('Result', { exact: true }).locator('pre.text'))).toContain(
      '# Package catalog',
    );
    await pick(page, 'Resources', 'catalog://logo.png');
    await page.getByRole('button', { name: 'Read resource' }).click();
    const image = page.getByLabel('Result', { exact: true }).locator('img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(
      await image.evaluate((img: unknown) => (img as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
  });

  it('should read a template with the value completion suggests, and show a JSON-RPC error', async () => {
    await pick(page, 'Templates', 'hex://{name}/info');
    const name = field(page, 'name');
    await name.fill('ph');
    await page.locator('datalist option[value="phoenix"]').waitFor({ state: 'attached' });
    await name.fill('phoenix');
    expect(await textOf(page.getByLabel('URI', { exact: true }))).toBe('hex://phoenix/info');
    await page.getByRole('button', { name: 'Read resource' }).click();
    expect(
      JSON.parse(await textOf(page.getByLabel('Result', { exact: true }).locator('pre.text'))),
    ).toMatchObject({
      name: 'phoenix',
    });
    await name.fill('nope');
    await page.getByRole('button', { name: 'Read resource' }).click();
    expect(await textOf(page.getByRole('alert'))).toMatch(/^JSON-RPC error -32602: /);
  });

  it('should render a prompt with its arguments', async () => {
    await pick(page, 'Prompts', 'review');
    await field(page, 'name').fill('ecto');
    await field(page, 'focus').fill('security');
    await page.getByRole('button', { name: 'Get prompt' }).click();
    const message = page.getByLabel('Result', { exact: true }).locator('.message');
    expect(await textOf(message)).toBe('userReview ecto, focusing on security.');
  });

  it('should download the Markdown catalog that snodo catalog writes', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download catalog (Markdown)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('packages-catalog.md');
    const saved = join(screenshotFolder(), 'packages-catalog.md');
    await download.saveAs(saved);
    expect(await readFile(saved, 'utf8')).toBe(
      await readFile(join(root, 'test/golden/sample-catalog.md'), 'utf8'),
    );
  });
});
