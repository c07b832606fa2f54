import type { PromptComponent } from '../components/prompt.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import { fingerprintOf } from '../pagination/cursor.codec.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../wire/protocol-version.js';
import type { CatalogList } from '../pagination/catalog-list.js';
import type { CatalogComponents, Router } from '../router/router.js';
import {
  encodePromptDefinition,
  encodeResourceDefinition,
  encodeToolDefinition,
} from './definition.encoder.js';

/**
 * One catalog list, encoded for every revision once: what `tools/list` and its siblings send when
 * every caller sees the same list.
 * @internal
 */
export interface CatalogListing<C extends object = object> {
  /** The whole list, encoded, by revision. */
  readonly byVersion: Readonly<Record<ProtocolVersion, readonly JsonObject[]>>;
  /** Identifies exactly this list, for cursors. */
  readonly fingerprint: string;
  /** The wire form of one component of the list (from the encoded ones when it is registered). */
  encode(component: C, version: ProtocolVersion): JsonObject;
  /** What identifies a component in the list's fingerprint. */
  key(component: C): string;
}

type Encoder<C> = (component: C, version: ProtocolVersion) => JsonObject;

const ENCODERS: { readonly [L in CatalogList]: Encoder<CatalogComponents[L]> } = {
  tools: (tool: ToolComponent, version) => encodeToolDefinition(tool.definition, version),
  prompts: (prompt: PromptComponent, version) => encodePromptDefinition(prompt.definition, version),
  resources: (resource: ResourceComponent, version) =>
    encodeResourceDefinition(resource.definition, version),
  templates: (resource: ResourceComponent, version) =>
    encodeResourceDefinition(resource.definition, version),
};

const resourceKey = (resource: ResourceComponent): string =>
  resource.definition.uri ?? resource.definition.uriTemplate ?? resource.definition.name;

const KEYS: { readonly [L in CatalogList]: (component: CatalogComponents[L]) => string } = {
  tools: (tool) => tool.definition.name,
  prompts: (prompt) => prompt.definition.name,
  resources: resourceKey,
  templates: resourceKey,
};

/** A list's components encoded for every revision, by component. */
function encodeAll<C extends object>(
  components: readonly C[],
  encode: Encoder<C>,
): ReadonlyMap<C, Readonly<Record<ProtocolVersion, JsonObject>>> {
  const byRevision = (component: C) =>
    Object.freeze(
      Object.fromEntries(PROTOCOL_VERSIONS.map((version) => [version, encode(component, version)])),
    ) as Readonly<Record<ProtocolVersion, JsonObject>>;
  return new Map(components.map((component) => [component, byRevision(component)]));
}

function listingOf<L extends CatalogList>(router: Router, list: L): CatalogListing {
  const components = router.catalog(list);
  const encoder = ENCODERS[list] as Encoder<CatalogComponents[L]>;
  const encoded = encodeAll(components, encoder);
  const encode = (component: CatalogComponents[L], version: ProtocolVersion): JsonObject =>
    encoded.get(component)?.[version] ?? encoder(component, version);
  const byVersion = Object.fromEntries(
    PROTOCOL_VERSIONS.map((version) => [
      version,
      Object.freeze(components.map((component) => encode(component, version))),
    ]),
  ) as Record<ProtocolVersion, readonly JsonObject[]>;
  const key = KEYS[list] as (component: CatalogComponents[L]) => string;
  return {
    byVersion: Object.freeze(byVersion),
    fingerprint: fingerprintOf(components.map(key)),
    encode: encode,
    key: key,
  };
}

/**
 * Every catalog list of a router, encoded for every revision, once per runtime.
 * @internal
 */
export function buildListings(router: Router): Readonly<Record<CatalogList, CatalogListing>> {
  return Object.freeze({
    tools: listingOf(router, 'tools'),
    prompts: listingOf(router, 'prompts'),
    resources: listingOf(router, 'resources'),
    templates: listingOf(router, 'templates'),
  });
}
