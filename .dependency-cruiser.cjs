/**
 * `npm run deps:check`: the layers of docs/architecture.md, each importing only from the
 * ones below it, and no import circle in src/ (type-only imports count too: a type circle
 * is still a design circle). No exceptions are listed.
 */
const LAYERS = [
  { name: 'core', paths: ['src/core/', 'src/config\\.ts', 'src/generated/', 'src/log/'] },
  { name: 'spec', paths: ['src/spec/', 'src/fixtures/'] },
  { name: 'auth and store', paths: ['src/auth/', 'src/store/'] },
  { name: 'pipeline', paths: ['src/pipeline/'] },
  { name: 'journal and steering', paths: ['src/journal/', 'src/steering/'] },
  { name: 'apis', paths: ['src/apis/'] },
  { name: 'adapters and tools', paths: ['src/http/', 'src/control/', 'src/check/', 'src/lint/'] },
  { name: 'composition', paths: ['src/cli/', 'src/runtime/', 'src/index\\.ts'] },
];

const pathsOf = (layers) => `^(${layers.flatMap((l) => l.paths).join('|')})`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not reach itself through its imports, type-only imports included.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...LAYERS.slice(0, -1).map((layer, i) => ({
      name: `layer-${layer.name.replace(/\W+/g, '-')}`,
      severity: 'error',
      comment: `${layer.name} looks only down: it must not import ${LAYERS.slice(i + 1)
        .map((l) => l.name)
        .join(', ')}.`,
      from: { path: pathsOf([layer]) },
      to: { path: pathsOf(LAYERS.slice(i + 1)) },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
