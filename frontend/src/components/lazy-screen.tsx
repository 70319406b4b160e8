// A screen that loads in its own chunk: the route module names the `import()` (so each screen stays its own chunk) and
// the words shown while it loads; this wraps the lazy component in its Suspense with that loading line.
import { lazy, Suspense, type ComponentType } from 'react';

export interface LoadingLine {
  readonly text: string;
  /** The class of the loading line; `app-state` unless the screen has its own. */
  readonly className?: string;
}

/** The lazily loaded screen `load` resolves to, shown behind a loading line until its chunk has arrived. */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading: LoadingLine,
): ComponentType<P> {
  const View = lazy(async () => ({ default: await load() }));
  function LazyScreen(props: P) {
    return (
      <Suspense
        fallback={
          <p className={loading.className ?? 'app-state'} role="status">
            {loading.text}
          </p>
        }
      >
        <View {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}
