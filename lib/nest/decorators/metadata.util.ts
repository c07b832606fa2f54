/**
 * A class-or-method decorator that adds `value` in front of the list stored under `key`.
 * Decorators apply bottom-up, so prepending keeps the list in source order.
 * @internal
 */
export function prependMetadata(key: string, value: unknown): ClassDecorator & MethodDecorator {
  return (target: object, _property?: string | symbol, descriptor?: PropertyDescriptor): void => {
    const holder = (descriptor?.value ?? target) as object;
    const existing = (Reflect.getMetadata(key, holder) as unknown[] | undefined) ?? [];
    Reflect.defineMetadata(key, [value, ...existing], holder);
  };
}
