import { MESSAGES } from '../../errors/messages.constant.js';
import { SnodoError } from '../../errors/snodo.error.js';
import { fingerprintOf, paginate } from '../../pagination/cursor.codec.js';
import type { JsonObject } from '../../wire/json-rpc.type.js';
import type { MethodCall, RequestMethod } from '../../methods/method-descriptor.js';
import { MODERN_VERSIONS } from '../../wire/protocol-version.js';
import { encodeResourceDefinition } from '../../runtime/definition.encoder.js';
import { DIRECTORY_MIME_TYPE } from '../../wire/skill-constants.js';
import { skillIndexOf, SkillVisibility, type DirectoryChild } from '../skill-index.js';
import { skillsCacheHint } from './skills-list.js';

/** The children of a directory the caller may see: files it may see, directories with a skill it may see. */
async function visibleChildren(
  children: readonly DirectoryChild[],
  visibility: SkillVisibility,
  directories: ReadonlyMap<string, { readonly skills: readonly string[] }>,
): Promise<DirectoryChild[]> {
  const visible: DirectoryChild[] = [];
  for (const child of children) {
    const seen =
      child.file === undefined
        ? await visibility.seesAny(directories.get(child.uri)?.skills ?? [])
        : await visibility.sees(child.uri);
    if (seen) visible.push(child);
  }
  return visible;
}

/**
 * A child as the result lists it: a file's resource as `resources/list` has it but named by its
 * file name (as a directory listing names it), or a directory resource.
 */
function encodeChild(child: DirectoryChild, call: MethodCall): JsonObject {
  if (child.file !== undefined) {
    const resource = encodeResourceDefinition(child.file.definition, call.client.version);
    return { ...resource, name: child.name };
  }
  return { uri: child.uri, name: child.name, mimeType: DIRECTORY_MIME_TYPE };
}

/**
 * `resources/directory/read` (served with the skills extension's `directoryRead: true`): the
 * direct children of a directory of the skill namespace (a skill's root, one of its
 * subdirectories, or a prefix above skills), files as `resources/list` shows them (named by
 * their file name) and subdirectories as `inode/directory` resources, a page at a time. A URI that is no such
 * directory (a file, an unknown URI, a directory of skills the caller may not see) is -32602.
 * @internal
 */
export const RESOURCES_DIRECTORY_READ: RequestMethod = {
  kind: 'request',
  method: 'resources/directory/read',
  revisions: MODERN_VERSIONS,
  capability: 'resources',
  async serve(call) {
    const { uri, cursor } = call.params;
    if (typeof uri !== 'string') {
      return call.error(SnodoError.invalidParams(MESSAGES.DIRECTORY_URI_REQUIRED));
    }
    const { directories } = skillIndexOf(call.runtime.router);
    const directory = directories.get(uri);
    const visibility = new SkillVisibility(call.runtime, call.context());
    if (directory === undefined || !(await visibility.seesAny(directory.skills))) {
      return call.error(SnodoError.invalidParams(MESSAGES.NOT_A_DIRECTORY, { uri }));
    }
    const children = visibility.everyone
      ? directory.children
      : await visibleChildren(directory.children, visibility, directories);
    const fingerprint = fingerprintOf(children.map((child) => child.uri));
    const page = paginate(children, fingerprint, cursor, call.runtime.pageSize);
    if (!page.ok) return call.error(SnodoError.invalidParams(MESSAGES.INVALID_CURSOR));
    const body: JsonObject = { resources: page.items.map((child) => encodeChild(child, call)) };
    if (page.nextCursor !== undefined) body.nextCursor = page.nextCursor;
    return call.result({ ...body, ...skillsCacheHint(call) });
  },
};
