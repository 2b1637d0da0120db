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
      // Same class-field semantics as the build (see tsconfig.base.json).
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    });
    return { code: result.code };
  },
};
