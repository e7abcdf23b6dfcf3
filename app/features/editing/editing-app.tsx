import { lazy, Suspense, useSyncExternalStore } from "react";
import type { EditingDescription, EditingStorage } from "./field-description";

// Keystatic (about 1 MB of JavaScript) loads with this page only, in the
// browser: it renders nothing on the server.
const KeystaticUi = lazy(() => import("./keystatic-ui"));

export type EditingAppProps = { description: EditingDescription; storage: EditingStorage };

const noChanges = () => () => {};

export function EditingApp(props: EditingAppProps) {
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const loading = <p style={{ padding: "2rem", fontFamily: "system-ui" }}>Loading the editor…</p>;
  return inBrowser ? (
    <Suspense fallback={loading}>
      <KeystaticUi {...props} />
    </Suspense>
  ) : (
    loading
  );
}
