import type { CallContext } from '../components/call-context.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import { fingerprintOf } from '../pagination/cursor.codec.js';
import type { Router } from '../router/router.js';
import type { Runtime } from '../runtime/runtime.js';
import { SKILL_SCHEME } from '../wire/skill-constants.js';
import { SKILL_ENTRY, type SkillEntry } from './skill.js';

/** One direct child of a directory: a file (with its resource) or a subdirectory. @internal */
export interface DirectoryChild {
  readonly uri: string;
  /** The last segment of its URI, decoded. */
  readonly name: string;
  /** The resource of a file; absent for a subdirectory. */
  readonly file?: ResourceComponent;
}

/** A directory of the skill namespace. @internal */
export interface DirectoryNode {
  readonly uri: string;
  /** The manifests of the skills with files under it: it is visible when one of them is. */
  readonly skills: readonly string[];
  /** Its direct children, sorted by URI. */
  readonly children: readonly DirectoryChild[];
}

/** The skills a router serves, found once per router. @internal */
export interface SkillIndex {
  /** Every skill's entry, sorted by URI. */
  readonly entries: readonly SkillEntry[];
  /** Identifies exactly this list of skills, for cursors. */
  readonly fingerprint: string;
  /** Entries by the URI of their manifest. */
  readonly byUri: ReadonlyMap<string, SkillEntry>;
  /** Every directory of the skill namespace by URI: skill roots, their subdirectories and prefixes. */
  readonly directories: ReadonlyMap<string, DirectoryNode>;
}

const INDEXES = new WeakMap<Router, SkillIndex>();

/** The listing entry a skill's manifest resource carries, if it is one. @internal */
export const skillEntryOf = (resource: ResourceComponent): SkillEntry | undefined =>
  (resource as { [SKILL_ENTRY]?: SkillEntry })[SKILL_ENTRY];

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

interface Building {
  readonly skills: Set<string>;
  readonly children: Map<string, DirectoryChild>;
}

/** The directories that the files of these skills make, each file filed under its parents. */
function directoriesOf(
  entries: readonly SkillEntry[],
  files: ReadonlyMap<string, ResourceComponent>,
): ReadonlyMap<string, DirectoryNode> {
  const building = new Map<string, Building>();
  const at = (uri: string): Building => {
    let node = building.get(uri);
    if (node === undefined) building.set(uri, (node = { skills: new Set(), children: new Map() }));
    return node;
  };
  for (const entry of entries) {
    for (const { uri } of entry.resources) {
      const file = files.get(uri);
      if (file === undefined || !uri.startsWith(SKILL_SCHEME)) continue;
      const segments = uri.slice(SKILL_SCHEME.length).split('/');
      let parent = `${SKILL_SCHEME}${segments[0]}`;
      for (let i = 1; i < segments.length; i++) {
        const directory = at(parent);
        directory.skills.add(entry.uri);
        const child = `${parent}/${segments[i]}`;
        if (!directory.children.has(child)) {
          const name = decoded(segments[i]!);
          const last = i === segments.length - 1;
          directory.children.set(child, last ? { uri: child, name, file } : { uri: child, name });
        }
        parent = child;
      }
    }
  }
  const byUri = (a: DirectoryChild, b: DirectoryChild) => (a.uri < b.uri ? -1 : 1);
  return new Map(
    [...building].map(([uri, node]) => [
      uri,
      Object.freeze({
        uri,
        skills: Object.freeze([...node.skills]),
        children: Object.freeze([...node.children.values()].sort(byUri)),
      }),
    ]),
  );
}

function indexOf(router: Router): SkillIndex {
  const resources = router.listResources();
  const entries = resources.flatMap((resource) => skillEntryOf(resource) ?? []);
  const files = new Map(resources.map((resource) => [resource.definition.uri!, resource]));
  return Object.freeze({
    entries: Object.freeze(entries),
    fingerprint: fingerprintOf(entries.map((entry) => entry.uri)),
    byUri: new Map(entries.map((entry) => [entry.uri, entry])),
    directories: directoriesOf(entries, files),
  });
}

/**
 * The skills of a router: the manifests among its direct resources, and the directories their
 * files make. Built on first use and kept as long as the router.
 * @internal
 */
export function skillIndexOf(router: Router): SkillIndex {
  let index = INDEXES.get(router);
  if (index === undefined) INDEXES.set(router, (index = indexOf(router)));
  return index;
}

/** Whether what a caller sees varies per caller: an authorization policy or guarded components. @internal */
export const variesPerCaller = (runtime: Runtime): boolean =>
  runtime.dispatchOptions.authorization !== undefined || runtime.router.hasComponentPolicies;

/**
 * What one caller may see of the skills: the discovery-phase decision on a resource (the server's
 * policy, then the component's guards), taken once per URI and request.
 * @internal
 */
export class SkillVisibility {
  private readonly decided = new Map<string, Promise<boolean>>();
  /** Whether everyone sees everything (no policy, no guarded component). */
  readonly everyone: boolean;

  constructor(
    private readonly runtime: Runtime,
    private readonly context: CallContext,
  ) {
    this.everyone = !variesPerCaller(runtime);
  }

  /** Whether the caller may see the resource at `uri`. */
  sees(uri: string): Promise<boolean> {
    if (this.everyone) return Promise.resolve(true);
    let decision = this.decided.get(uri);
    if (decision === undefined) {
      const { router, dispatchOptions } = this.runtime;
      decision = router.canSeeResource(uri, this.context, dispatchOptions);
      this.decided.set(uri, decision);
    }
    return decision;
  }

  /** Whether the caller may see one of these skills (by the URI of their manifest). */
  async seesAny(skills: readonly string[]): Promise<boolean> {
    for (const uri of skills) if (await this.sees(uri)) return true;
    return false;
  }
}
