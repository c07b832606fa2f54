import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { MESSAGES } from '../errors/messages.constant.js';
import { SKILL_LIMITS, SKILL_MANIFEST, SKILL_MANIFEST_MIME_TYPE } from '../wire/skill-constants.js';
import { SkillDefinitionError } from './skill-frontmatter.js';

/** One file of a skill with its mime type given, instead of one guessed from its extension. @publicApi */
export interface SkillFile {
  /** Text (sent as UTF-8) or bytes. */
  readonly content: string | Uint8Array;
  /** @default guessed from the extension; `application/octet-stream` when unknown */
  readonly mimeType?: string;
}

/**
 * The files of a skill by their path relative to the skill's root (`/`-separated, such as
 * `references/forms.pdf`), the manifest included.
 * @publicApi
 */
export type SkillFiles = Readonly<Record<string, string | Uint8Array | SkillFile>>;

/** One file of a skill as it is served: bytes, digest and how `resources/read` sends it. @internal */
export interface PreparedFile {
  /** The path relative to the skill's root, as given. */
  readonly path: string;
  /** The path as it appears in the URI (each segment percent-encoded where needed). */
  readonly uriPath: string;
  readonly mimeType: string;
  readonly size: number;
  /** `sha256:` and the 64 lowercase hex digits of the SHA-256 of the raw bytes. */
  readonly digest: string;
  /** The content as text, when it is UTF-8 text of a textual type; otherwise sent as a blob. */
  readonly text?: string;
  /** The content base64-encoded, for a file that is not text. */
  readonly blob?: string;
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  md: SKILL_MANIFEST_MIME_TYPE,
  markdown: SKILL_MANIFEST_MIME_TYPE,
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  xml: 'application/xml',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  ts: 'text/x-typescript',
  py: 'text/x-python',
  sh: 'application/x-sh',
  rb: 'text/x-ruby',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  sql: 'application/sql',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

const TEXTUAL =
  /^(?:text\/|application\/(?:json|yaml|toml|xml|sql|javascript|x-sh)\b|.*\+(?:json|xml)$)/;

/** The mime type of a file, from its extension. @internal */
export function mimeTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  const slash = path.lastIndexOf('/');
  if (dot <= slash + 1) return 'application/octet-stream';
  return MIME_TYPES[path.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Whether a relative file path is safe to serve: `/`-separated, no empty, `.` or `..` segment, no
 * backslash and no control character (NUL included).
 * @internal
 */
export function isSafeFilePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (path === '' || /[\\\u0000-\u001f\u007f]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes decoded as UTF-8 (a byte order mark kept), or `undefined` when they are not. */
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

function prepareFile(path: string, given: unknown): PreparedFile {
  if (!isSafeFilePath(path)) throw new SkillDefinitionError(MESSAGES.SKILL_BAD_FILE_PATH(path));
  const file: unknown =
    typeof given === 'string' || given instanceof Uint8Array ? { content: given } : given;
  const described = typeof file === 'object' && file !== null ? (file as SkillFile) : undefined;
  const content = described?.content;
  const declared = described?.mimeType;
  if (
    (typeof content !== 'string' && !(content instanceof Uint8Array)) ||
    (declared !== undefined && (typeof declared !== 'string' || declared === ''))
  ) {
    throw new SkillDefinitionError(MESSAGES.SKILL_BAD_FILE(path));
  }
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const mimeType = declared ?? mimeTypeOf(path);
  const text =
    typeof content === 'string' ? content : TEXTUAL.test(mimeType) ? utf8(bytes) : undefined;
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  const common = {
    path,
    uriPath: path.split('/').map(encodeURIComponent).join('/'),
    mimeType,
    size: bytes.byteLength,
    digest,
  };
  return Object.freeze(
    text === undefined
      ? { ...common, blob: Buffer.from(bytes).toString('base64') }
      : { ...common, text },
  );
}

/**
 * The files of a skill, checked (safe paths, contents, the limits) and prepared for serving,
 * sorted by path. The manifest must be there and be UTF-8 text.
 * @throws {SkillDefinitionError} naming the file or the limit.
 * @internal
 */
export function prepareFiles(files: unknown): PreparedFile[] {
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    throw new SkillDefinitionError(MESSAGES.SKILL_FILES_NOT_OBJECT);
  }
  const paths = Object.keys(files).sort();
  if (paths.length > SKILL_LIMITS.maxFiles) {
    throw new SkillDefinitionError(MESSAGES.SKILL_TOO_MANY_FILES(paths.length));
  }
  const prepared = paths.map((path) => prepareFile(path, (files as Record<string, unknown>)[path]));
  const directories = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) directories.add(segments.slice(0, i).join('/'));
  }
  const directory = paths.find((path) => directories.has(path));
  if (directory !== undefined) {
    throw new SkillDefinitionError(MESSAGES.SKILL_FILE_IS_DIRECTORY(directory));
  }
  const bytes = prepared.reduce((sum, file) => sum + file.size, 0);
  if (bytes > SKILL_LIMITS.maxBytes)
    throw new SkillDefinitionError(MESSAGES.SKILL_TOO_LARGE(bytes));
  const manifest = prepared.find((file) => file.path === SKILL_MANIFEST);
  if (manifest === undefined) throw new SkillDefinitionError(MESSAGES.SKILL_MANIFEST_MISSING);
  if (manifest.text === undefined) {
    throw new SkillDefinitionError(MESSAGES.SKILL_MANIFEST_NOT_TEXT);
  }
  return prepared;
}
