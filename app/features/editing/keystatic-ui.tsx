import { Keystatic } from "@keystatic/core/ui";
import { useMemo } from "react";
import type { EditingAppProps } from "./editing-app";
import { keystaticConfig } from "./keystatic-config";

/** Keystatic's UI on the config built from the schemas' description (keystatic-config.ts). */
export default function KeystaticUi({ description, storage }: EditingAppProps) {
  const config = useMemo(() => keystaticConfig(description, storage), [description, storage]);
  return (
    <>
      {/* A refused save lists one problem a line (checked-save.server.ts); Keystatic's notice would run them together. */}
      <style>{`[role="alert"] { white-space: pre-line; }`}</style>
      <Keystatic config={config} />
    </>
  );
}
