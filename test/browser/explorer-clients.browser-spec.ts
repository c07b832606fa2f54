// The explorer page in headless Chromium beyond the sample: every kind of content, input rounds
// of several kinds at once, JSON-RPC errors, list pages, and the headers of a guarded app.
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { API_KEY } from '../src/api-key-app.module.js';
import { ExplorerAppModule } from '../src/explorer-app.module.js';
import { field, launchChromium, pick, textOf, type Chromium } from './chromium.js';

let browser: Chromium;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Opens the explorer of a running app and waits for its first list. */
async function open(running: RunningApp, tab: RegExp): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${running.url}/explorer`);
  await page.getByRole('tab', { name: tab }).waitFor();
  return page;
}

/** Calls a tool without arguments and waits for the result (or the error). */
async function callTool(page: Page, tool: string): Promise<void> {
  await pick(page, 'Tools', tool);
  await page.getByRole('button', { name: 'Call tool' }).click();
}

const result = (page: Page) => page.getByLabel('Result', { exact: true });

describe('The explorer page with every kind of content (the conformance components)', () => {
  let running: RunningApp;
  let page: Page;

  beforeAll(async () => {
    running = await startApp(ExplorerAppModule.showcase());
  });

  afterAll(async () => {
    await running?.close();
  });

  beforeEach(async () => {
    page = await open(running, /^Tools \(\d+\)$/);
  });

  afterEach(async () => {
    await page.close();
    expect(browser.errors.splice(0)).toEqual([]);
  });

  it('should show text, an image and an embedded resource of one result', async () => {
    await callTool(page, 'test_multiple_content_types');
    expect(await textOf(result(page).locator('pre.content.text'))).toBe(
      'Multiple content types test:',
    );
    const image = result(page).locator('img.content');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const embedded = result(page).locator('.embedded');
    expect(await textOf(embedded.locator('code'))).toBe('test://mixed-content-resource');
    expect(JSON.parse(await textOf(embedded.locator('pre.text')))).toEqual({
      test: 'data',
      value: 123,
    });
  });

  it('should play audio content', async () => {
    await callTool(page, 'test_audio_content');
    const audio = result(page).locator('audio');
    await audio.waitFor();
    expect(await audio.getAttribute('src')).toMatch(/^data:audio\/wav;base64,/);
  });

  it('should follow a resource link and read it in place', async () => {
    await callTool(page, 'link_static_text');
    const link = result(page).locator('.resource-link');
    expect(await textOf(link.locator('code'))).toBe('test://static-text');
    await link.getByRole('button', { name: 'Read' }).click();
    expect(await textOf(link.locator('pre.text'))).toBe(
      'This is the content of the static text resource.',
    );
  });

  it('should show a JSON-RPC error with its code and data, and an isError result', async () => {
    await callTool(page, 'refuse_lookup');
    const error = page.getByRole('alert');
    expect(await textOf(error.locator('.banner'))).toBe(
      'JSON-RPC error -32602: No record has that id',
    );
    expect(JSON.parse(await textOf(page.getByLabel('error data', { exact: true })))).toEqual({
      id: 'unknown',
    });
    await callTool(page, 'test_error_handling');
    await page.getByText('The tool reported an error (isError: true)').waitFor();
  });

  it('should show the log messages and the progress of a streamed call', async () => {
    await callTool(page, 'test_tool_with_logging');
    await textOf(result(page));
    expect(
      await page.getByLabel('Log messages', { exact: true }).locator('li').allTextContents(),
    ).toEqual([
      'infoTool execution started',
      'infoTool processing data',
      'infoTool execution completed',
    ]);
    await callTool(page, 'test_tool_with_progress');
    expect(await textOf(result(page).locator('pre.content.text'))).toBe(
      'Progress reported: 0, 50, 100',
    );
    expect(await textOf(page.locator('.progress-text'))).toBe(
      '100 / 100: Completed step 100 of 100',
    );
  });

  it('should answer an elicitation, a model request and the roots in one round', async () => {
    await callTool(page, 'test_input_required_result_multiple_inputs');
    const round = page.getByRole('form', { name: 'Input requested' });
    await field(page, 'name', round).fill('Ada');
    await round.getByLabel('Reply', { exact: true }).fill('Paris');
    await round
      .getByLabel('Root URIs, one per line', { exact: true })
      .fill('file:///projects/demo');
    await round.getByRole('button', { name: 'Send answers' }).click();
    const text = await textOf(result(page).locator('pre.content.text'));
    const answers = JSON.parse(text.replace('All inputs received: ', ''));
    expect(answers).toEqual({
      user_name: { action: 'accept', content: { name: 'Ada' } },
      capital_question: {
        role: 'assistant',
        content: { type: 'text', text: 'Paris' },
        model: 'snodo-explorer (written by hand)',
        stopReason: 'endTurn',
      },
      client_roots: { roots: [{ uri: 'file:///projects/demo' }] },
    });
  });

  it('should go through two rounds, and let the user abandon a call', async () => {
    await callTool(page, 'test_input_required_result_multi_round');
    const round = page.getByRole('form', { name: 'Input requested' });
    expect(await textOf(round.locator('.question'))).toBe('Step 1: What is your name?');
    await field(page, 'name', round).fill('Ada');
    await round.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('The server asks for input (round 2)').waitFor();
    await page.getByRole('button', { name: 'Abandon the call' }).click();
    await page.getByText('Abandoned at an input request.').waitFor();
  });

  it('should render a prompt with arguments, suggesting values as the user types', async () => {
    await pick(page, 'Prompts', 'test_prompt_with_arguments');
    await field(page, 'arg1').fill('tes');
    await page.locator('datalist option[value="testing"]').waitFor({ state: 'attached' });
    await field(page, 'arg1').fill('testing');
    await field(page, 'arg2').fill('sample');
    await page.getByRole('button', { name: 'Get prompt' }).click();
    expect(await textOf(result(page).locator('.message pre.text'))).toBe(
      "Prompt with arguments: arg1='testing', arg2='sample'",
    );
  });
});

describe('The explorer page of a catalog in pages', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(ExplorerAppModule.paged());
  });

  afterAll(async () => {
    await running?.close();
  });

  it('should load page after page of tools', async () => {
    const page = await open(running, /^Tools \(3\+\)$/);
    const names = page.locator('#list .item-address');
    expect(await names.allTextContents()).toEqual(['audit_packages', 'echo', 'latest_version']);
    for (const count of ['6+', '9+', '10']) {
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.getByRole('tab', { name: `Tools (${count})` }).waitFor();
    }
    expect(await names.count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Load more' }).isHidden()).toBe(true);
    await page.close();
    expect(browser.errors.splice(0)).toEqual([]);
  });
});

describe('The explorer page of a guarded app', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(ExplorerAppModule.keyed());
  });

  afterAll(async () => {
    await running?.close();
  });

  it('should send the extra headers and the bearer token with every request', async () => {
    const page = await open(running, /^Tools \(1\)$/);
    expect(await page.locator('#list .item-address').allTextContents()).toEqual(['open_echo']);
    await page.getByText('Connection: bearer token and headers').click();
    await page.getByLabel('Extra headers', { exact: false }).fill(`X-Api-Key: ${API_KEY}`);
    await page.getByRole('button', { name: 'Apply and reconnect' }).click();
    await page.getByRole('tab', { name: 'Tools (2)' }).waitFor();
    await pick(page, 'Tools', 'keyed_echo');
    await field(page, 'text').fill('hi');
    await page.getByRole('button', { name: 'Call tool' }).click();
    expect(await textOf(result(page).locator('pre.content.text'))).toBe('keyed (api key): hi');

    await page.getByLabel('Extra headers', { exact: false }).fill('');
    await page.getByLabel('Bearer token', { exact: true }).fill(API_KEY);
    await page.getByRole('button', { name: 'Apply and reconnect' }).click();
    await page.getByText('Connected.').waitFor();
    await pick(page, 'Tools', 'keyed_echo');
    await field(page, 'text').fill('hi');
    await page.getByRole('button', { name: 'Call tool' }).click();
    expect(await textOf(result(page).locator('pre.content.text'))).toBe('keyed (bearer token): hi');
    await page.close();
    expect(browser.errors.splice(0)).toEqual([]);
  });

  it('should refuse a header line it cannot send', async () => {
    const page = await open(running, /^Tools \(1\)$/);
    await page.getByText('Connection: bearer token and headers').click();
    await page.getByLabel('Extra headers', { exact: false }).fill('Mcp-Method: tools/list');
    await page.getByRole('button', { name: 'Apply and reconnect' }).click();
    expect(await textOf(page.locator('#status.error'))).toBe('The page sets Mcp-Method itself');
    await page.close();
    expect(browser.errors.splice(0)).toEqual([]);
  });
});
