/*
 * How the import-boundary check (.dependency-cruiser.cjs) reads TypeScript.
 * dependency-cruiser parses TypeScript with the compiler API of typescript
 * 2-6; TypeScript 7, which this project type-checks with, has none. So Babel
 * strips the types and dependency-cruiser reads the JavaScript. Babel would
 * drop type-only imports with the types, so they are first made plain imports
 * here: a boundary holds for types too (an engine file may not even name a
 * React type).
 */

/** `import type { A } from 'x'`, `import { type A } from 'x'`, `export type { A } from 'x'` and `import('x').A` kept as imports of 'x'. */
function keepTypeOnlyImports({ types: t }) {
  return {
    name: 'keep-type-only-imports',
    // Before any plugin's traversal (the TypeScript transform removes them on entering the program).
    pre(file) {
      {
        const program = file.path;
        for (const node of program.node.body) {
          if (node.type === 'ImportDeclaration') {
            node.importKind = 'value';
            for (const specifier of node.specifiers) specifier.importKind = 'value';
          } else if ((node.type === 'ExportNamedDeclaration' && node.source) || node.type === 'ExportAllDeclaration') {
            node.exportKind = 'value';
            for (const specifier of node.specifiers ?? []) specifier.exportKind = 'value';
          }
        }
        // `import('x').T` in a type names module 'x' too.
        const typeImports = [];
        program.traverse({
          TSImportType(path) {
            const argument = path.node.argument;
            const source = argument.type === 'StringLiteral' ? argument.value : argument.literal?.value;
            if (typeof source === 'string') typeImports.push(source);
          },
        });
        for (const source of typeImports) program.pushContainer('body', t.importDeclaration([], t.stringLiteral(source)));
      }
    },
    visitor: {},
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeOnlyImports],
  // onlyRemoveTypeImports: an import is removed only when marked `type`, and none is left marked.
  presets: [[require.resolve('@babel/preset-typescript'), { onlyRemoveTypeImports: true }]],
};
