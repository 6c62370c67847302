// Stands in for `glob` in the vendored typescript-json-schema: only its CLI path globs files.
function unused() {
  throw new Error("typemcp's bundled typescript-json-schema does not glob files");
}
module.exports = { glob: unused, sync: unused, globSync: unused };
