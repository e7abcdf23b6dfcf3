/**
 * Import cycles, found by dependency-cruiser (`npm run lint:deps`, part of
 * `npm run lint`): between modules, and between folders, so that no two rooms
 * (app/features/*, server/*) lean on each other (issue 43). The rooms' allowed
 * arrows are eslint's (eslint.config.js); this adds what eslint cannot see.
 */
module.exports = {
  forbidden: [
    {
      name: "no-module-cycle",
      severity: "error",
      comment:
        "Two modules import each other, directly or through others: move what both need into a third.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      severity: "error",
      scope: "folder",
      comment:
        "Two folders import each other, directly or through others: one of them must not know the other.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/|\\.test\\.tsx?$|^tests/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
