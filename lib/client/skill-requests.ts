import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  ErrorCode,
  readManifestFrontmatter,
  SnodoError,
  type JsonObject,
  type SkillEntry,
} from '../core/internal.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import { SnodoClientError } from './snodo-client.error.js';

/** How these helpers send a request: `SnodoClient.request`. */
type Send = (method: string, params: JsonObject) => Promise<JsonObject>;

/** A skill file as read and checked against the skill's entry. @publicApi */
export interface SkillFileContents {
  /** The file's URI. */
  readonly uri: string;
  /** The mime type the server sent. */
  readonly mimeType?: string;
  /** The raw bytes, whose size and digest are the entry's. */
  readonly bytes: Uint8Array;
  /** The content as text, when the server sent it as text. */
  readonly text?: string;
}

/** A JSON value rebuilt in this realm, so that values parsed elsewhere compare by content only. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Every item of a paginated list method, following cursors (a repeated cursor is an error). @internal */
export async function followCursors(
  send: Send,
  method: string,
  key: string,
  params: JsonObject = {},
): Promise<JsonObject[]> {
  const items: JsonObject[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await send(method, cursor === undefined ? params : { ...params, cursor });
    items.push(...((page[key] as JsonObject[] | undefined) ?? []));
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    if (cursor !== undefined && seen.has(cursor)) {
      throw new SnodoError(ErrorCode.InternalError, CLIENT_MESSAGES.CURSOR_REPEATED(method));
    }
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return items;
}

/** `skills/get`: the entry of one skill. @internal */
export async function getSkill(send: Send, uri: string): Promise<SkillEntry> {
  return (await send('skills/get', { uri })).skill as SkillEntry;
}

/**
 * Reads a file of a skill with `resources/read` and checks it against the skill's entry, as
 * SEP-2640 asks of hosts: the URI must be listed in the entry's `resources`, the bytes must have
 * the listed size and SHA-256 digest, and the manifest's frontmatter must equal the entry's,
 * field by field.
 * @throws {SnodoClientError} when a check fails: the content must not be used.
 * @internal
 */
export async function readSkillFile(
  send: Send,
  entry: SkillEntry,
  uri: string,
): Promise<SkillFileContents> {
  const listed = entry.resources.find((resource) => resource.uri === uri);
  if (listed === undefined) throw new SnodoClientError(CLIENT_MESSAGES.SKILL_FILE_NOT_LISTED(uri));
  const read = await send('resources/read', { uri });
  const all =
    (read.contents as { uri?: string; mimeType?: string; text?: string; blob?: string }[]) ?? [];
  const contents = all.find((item) => item.uri === uri) ?? all[0];
  if (contents === undefined) throw new SnodoClientError(CLIENT_MESSAGES.SKILL_FILE_EMPTY(uri));
  const bytes =
    typeof contents.text === 'string'
      ? Buffer.from(contents.text, 'utf8')
      : Buffer.from(contents.blob ?? '', 'base64');
  if (bytes.byteLength !== listed.size) {
    throw new SnodoClientError(CLIENT_MESSAGES.SKILL_FILE_SIZE(uri, listed.size, bytes.byteLength));
  }
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (digest !== listed.digest) throw new SnodoClientError(CLIENT_MESSAGES.SKILL_FILE_DIGEST(uri));
  if (uri === entry.uri) {
    const frontmatter = readManifestFrontmatter(bytes.toString('utf8'));
    if (
      frontmatter === undefined ||
      !isDeepStrictEqual(plain(frontmatter), plain(entry.frontmatter))
    ) {
      throw new SnodoClientError(CLIENT_MESSAGES.SKILL_FRONTMATTER_MISMATCH(uri));
    }
  }
  const file: SkillFileContents = { uri, bytes, mimeType: contents.mimeType };
  return typeof contents.text === 'string' ? { ...file, text: contents.text } : file;
}
