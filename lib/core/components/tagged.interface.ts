/**
 * What a component may carry besides its definition: tags, the server's own labels for it. A
 * Nest server selects components by tag (`SnodoModule.forRoot({ tags })`) and hides or shows
 * them at run time (`SnodoRegistry.hideTag()`); tags are never sent to clients.
 * @publicApi
 */
export interface Tagged {
  /** The component's tags, such as `['admin', 'beta']`. @default none */
  readonly tags?: readonly string[];
}
