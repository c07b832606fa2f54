#!/usr/bin/env node
/**
 * The client under test of the official MCP conformance suite (`conformance client --command`):
 * a SnodoClient from the built package (dist/, so `npm run build` first) that does what the
 * scenario named by MCP_CONFORMANCE_SCENARIO expects of a client, at the revision in
 * MCP_CONFORMANCE_PROTOCOL_VERSION, with the scenario data of MCP_CONFORMANCE_CONTEXT (JSON).
 * The scenario server's URL is the last argument.
 *
 *   node scripts/conformance-client.mjs http://localhost:1234/mcp
 *
 * Exits 0 when the scenario ran to its end, 1 with the error on stderr otherwise (some auth
 * scenarios expect the client to refuse, and allow that exit).
 */
import { SnodoClient, headlessAuthorization, identityAssertion } from '../dist/client/index.js';

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const protocolVersion = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const url = process.argv.at(-1);

/** The client metadata document the suite's CIMD scenarios expect as the client id. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** Answers to the server's requests: accept every form (with its defaults), a canned model. */
const handlers = {
  elicitation: () => ({ action: 'accept', content: {} }),
  sampling: () => ({
    role: 'assistant',
    content: { type: 'text', text: 'conformance answer' },
    model: 'conformance-model',
    stopReason: 'endTurn',
  }),
  roots: [{ uri: 'file:///conformance', name: 'conformance' }],
};

/** The OAuth options of the auth scenarios: headless redirects, and what the context gives. */
function authOptions() {
  if (!scenario.startsWith('auth/')) return undefined;
  if (context.valid_jwt !== undefined) {
    return { jwtBearer: { assertion: context.valid_jwt, clientId: context.client_id } };
  }
  if (context.idp_id_token !== undefined) {
    const assertion = identityAssertion({
      tokenEndpoint: context.idp_token_endpoint,
      idToken: context.idp_id_token,
      clientId: context.idp_client_id,
    });
    return {
      jwtBearer: { assertion, clientId: context.client_id, clientSecret: context.client_secret },
    };
  }
  if (context.private_key_pem !== undefined || scenario.startsWith('auth/client-credentials')) {
    return {
      clientCredentials: {
        clientId: context.client_id,
        clientSecret: context.client_secret,
        privateKeyPem: context.private_key_pem,
        signingAlgorithm: context.signing_algorithm,
      },
    };
  }
  return {
    // The DPoP scenarios' resource servers want DPoP tokens without saying so in their metadata.
    ...(scenario.startsWith('auth/dpop') ? { dpop: true } : {}),
    redirectUrl: 'http://localhost:3000/callback',
    onRedirect: headlessAuthorization(),
    clientMetadata: { client_name: 'snodo-conformance-client' },
    clientMetadataUrl: CLIENT_METADATA_URL,
    ...(context.client_id === undefined
      ? {}
      : {
          clientInformation: { client_id: context.client_id, client_secret: context.client_secret },
        }),
  };
}

const connect = () =>
  SnodoClient.connect(url, {
    clientInfo: { name: 'snodo-conformance-client', version: '1.0.0' },
    protocolVersion,
    handlers,
    auth: authOptions(),
    onWarning: (message) => console.error(`warning: ${message}`),
  });

/** Arguments for a tool: a value of its type for every required property. */
function argumentsFor(tool) {
  const properties = tool.inputSchema?.properties ?? {};
  const sample = { string: 'us-west1', integer: 1, number: 1, boolean: true };
  return Object.fromEntries(
    (tool.inputSchema?.required ?? [])
      .filter((name) => properties[name]?.type in sample)
      .map((name) => [name, sample[properties[name].type]]),
  );
}

/** Every tool, called once with arguments of its schema. */
async function callEveryTool(client) {
  for (const tool of await client.listTools()) await client.callTool(tool.name, argumentsFor(tool));
}

const SCENARIOS = {
  async initialize(client) {
    await client.listTools();
  },
  async tools_call(client) {
    await client.listTools();
    await client.callTool('add_numbers', { a: 5, b: 3 });
  },
  'elicitation-sep1034-client-defaults': callEveryTool,
  'sse-retry': callEveryTool,
  'request-metadata': callEveryTool,
  async 'sep-2322-client-request-state'(client) {
    await client.listTools();
    for (const name of ['test_mrtr_echo_state', 'test_mrtr_unrelated', 'test_mrtr_no_state']) {
      await client.callTool(name);
    }
    await client.callTool('test_mrtr_no_result_type');
  },
  async 'http-standard-headers'(client) {
    await callEveryTool(client);
    for (const resource of await client.listResources()) await client.readResource(resource.uri);
    for (const prompt of await client.listPrompts()) await client.getPrompt(prompt.name);
  },
  async 'http-custom-headers'(client) {
    await client.listTools();
    for (const call of context.toolCalls ?? []) await client.callTool(call.name, call.arguments);
  },
  'http-invalid-tool-headers': callEveryTool,
  async 'json-schema-ref-no-deref'(client) {
    await client.listTools();
  },
  async 'json-schema-2020-12-preservation'(client) {
    const tools = await client.listTools();
    const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
    await client.callTool('json_schema_echo', { schema: focal?.inputSchema ?? {} });
  },
};

/**
 * The skills extension scenarios: list the skills (and read nothing more for no-prefetch), then
 * load the first one, its manifest checked against its entry, then its other files.
 */
async function skills(client) {
  const [entry] = await client.listSkills();
  if (scenario === 'sep-2640-client-no-prefetch' || entry === undefined) return;
  await client.readSkillFile(entry);
  for (const file of entry.resources ?? []) {
    if (file.uri !== entry.uri) await client.readSkillFile(entry, file.uri);
  }
}

/** The auth scenarios: authorize on the way, then use the server. */
async function authorized(client) {
  await callEveryTool(client);
}

const run = scenario.startsWith('auth/')
  ? authorized
  : scenario.startsWith('sep-2640-')
    ? skills
    : (SCENARIOS[scenario] ?? SCENARIOS.initialize);

try {
  const client = await connect();
  try {
    await run(client);
  } finally {
    await client.close();
  }
} catch (error) {
  console.error(`${scenario}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
