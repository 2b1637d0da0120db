// Minimal jest transform on esbuild: TypeScript 7 has no JS API, so ts-jest
// cannot run. Type checking is done separately by `tsc -b`.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const result = transformSync(source, {
      loader: 'ts',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: filename,
    });
    return { code: result.code };
  },
};
