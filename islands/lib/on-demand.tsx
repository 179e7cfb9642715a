// Parts of an island that only a click shows (a create/edit dialog, the Histórico panel): their
// code, and the zod schema of their form, load with the first opening instead of with the page
// (issue 21 §2). The server renders them closed, so hydration never meets one.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { toast } from "../../src/ui/toast";

/** A component whose code loads when it first renders, or earlier through `preload()`. */
type OnDemand<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * `onDemand(() => import("./clients/ClientFormDialog").then((m) => m.ClientFormDialog))`: the part
 * loads once; a failed load (a dropped connection) is forgotten, so the next opening tries again.
 * Render it inside <Loading>, and only while it is open.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (part) => ({ default: part }),
      (error: unknown) => {
        loading = null;
        // React.lazy keeps a failure for good: once it is reported, the next opening gets a new one.
        throw new PartLoadError(error, () => {
          Lazy = lazy(preload);
        });
      },
    ));
  let Lazy = lazy(preload);
  function Part(props: P) {
    return <Lazy {...props} />;
  }
  // Ahead of an opening a failure says nothing: the opening itself reports it and tries again.
  return Object.assign(Part, { preload: () => preload().then(() => {}, () => {}) });
}

/**
 * Preloads parts when a person points at or focuses a button of the island (the one that opens
 * them is among those): spread on the island's root element. Each part loads once.
 */
export function preloadOnIntent(...parts: { preload(): unknown }[]) {
  const intent = (event: { target: EventTarget }) => {
    if (event.target instanceof Element && event.target.closest("button, [role='menuitem']")) for (const part of parts) void part.preload();
  };
  return { onPointerOver: intent, onFocus: intent };
}

/** A part's code did not arrive; any other error of a part is the island's to handle. */
class PartLoadError extends Error {
  constructor(
    cause: unknown,
    /** Lets the next opening load again. */
    readonly retry: () => void,
  ) {
    super("A part of the page could not be loaded", { cause });
  }
}

interface LoadingProps {
  /** Closes the part: called when its code could not be loaded. */
  onFailed(): void;
  children: ReactNode;
}

/** While a part's code loads nothing shows; if it cannot load, a toast says so and the part closes. */
export function Loading({ onFailed, children }: LoadingProps) {
  return (
    <LoadFailure onFailed={onFailed}>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadFailure>
  );
}

class LoadFailure extends Component<LoadingProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    if (!(error instanceof PartLoadError)) return;
    error.retry();
    toast({ title: "Não foi possível abrir", description: "Verifique a conexão e tente de novo.", variant: "destructive" });
    this.props.onFailed();
  }
  override render() {
    // A failed load shows nothing (the part closes); a part's own error goes on up, as without this boundary.
    if (this.state.error instanceof PartLoadError) return null;
    if (this.state.error) throw this.state.error;
    return this.props.children;
  }
}
