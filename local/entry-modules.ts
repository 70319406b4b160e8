// The local runtime's handler modules by their entry file (a queue's worker, a bus rule's consumer, a scheduled job),
// each imported once and then answered from memory: a second delivery does not wait on the module loader again, so
// work started together (two queue messages, two rules of one event) goes on in the order it was started, not in
// the order the loader happened to answer.
const modules = new Map<string, Promise<unknown>>();

/** The module of `entry` (a path from the repository root, as events/definitions.ts names it). */
export function importEntry<T>(entry: string): Promise<T> {
  let module = modules.get(entry);
  if (!module) {
    module = import(/* @vite-ignore */ `../${entry}`);
    modules.set(entry, module);
    // A failed import is tried again next time rather than remembered.
    module.catch(() => modules.delete(entry));
  }
  return module as Promise<T>;
}
