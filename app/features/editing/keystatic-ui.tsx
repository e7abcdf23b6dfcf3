import { Keystatic } from "@keystatic/core/ui";
import { useMemo } from "react";
import type { EditingDescription, EditingStorage } from "./field-description";
import { keystaticConfig } from "./keystatic-config";

/** Keystatic's UI on the config built from the schemas' description (keystatic-config.ts). */
export default function KeystaticUi({
  description,
  storage,
}: {
  description: EditingDescription;
  storage: EditingStorage;
}) {
  const config = useMemo(() => keystaticConfig(description, storage), [description, storage]);
  return (
    <>
      {/* A refused save lists one problem a line (checked-save.server.ts); Keystatic's notice would run them together. */}
      <style>{`[role="alert"] { white-space: pre-line; }`}</style>
      <Keystatic config={config} />
    </>
  );
}
