/**
 * Lint rules that hold the code's shape (see README, "How the code is shaped"):
 * - `feature-boundaries`: a feature (src/features/<name>/) imports no other feature;
 * - `react-aria-in-ui`: react-aria is imported only by the wrappers in src/ui/;
 * - `server-imports`: server/ imports from src/ only the API schemas and src/server-drawn.ts.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const root = process.cwd();
const posix = (path) => path.split(sep).join('/');
const fromRoot = (file) => posix(relative(root, file));

/** Every module specifier of a file: static imports, re-exports and dynamic imports. */
function onEverySpecifier(check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source.value, node.source);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const target = (file, specifier) => (specifier.startsWith('.') ? fromRoot(resolve(dirname(file), specifier)) : null);
const featureOf = (path) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

const featureBoundaries = {
  meta: { type: 'problem', schema: [], messages: { crossing: 'The feature "{{from}}" imports the feature "{{to}}": move what they share to src/ui/ or src/domain/.' } },
  create(context) {
    const from = featureOf(fromRoot(context.filename));
    if (!from) return {};
    return onEverySpecifier((specifier, node) => {
      const path = target(context.filename, specifier);
      const to = path && featureOf(`${path}/`);
      if (to && to !== from) context.report({ node, messageId: 'crossing', data: { from, to } });
    });
  },
};

const reactAriaInUi = {
  meta: { type: 'problem', schema: [], messages: { outside: 'Import react-aria through its wrapper in src/ui/ (one thin wrapper per component).' } },
  create(context) {
    if (fromRoot(context.filename).startsWith('src/ui/')) return {};
    return onEverySpecifier((specifier, node) => {
      if (/^(react-aria-components|react-aria|@react-aria\/)/.test(specifier)) context.report({ node, messageId: 'outside' });
    });
  },
};

const serverImports = {
  meta: { type: 'problem', schema: [], messages: { outside: 'server/ may import from src/ only the API schemas and src/server-drawn.ts.' } },
  create(context) {
    if (!fromRoot(context.filename).startsWith('server/')) return {};
    return onEverySpecifier((specifier, node) => {
      const path = target(context.filename, specifier);
      if (!path || !path.startsWith('src/')) return;
      if (path === 'src/server-drawn' || path === 'src/api/schemas' || path.startsWith('src/api/schemas/')) return;
      context.report({ node, messageId: 'outside' });
    });
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries, 'react-aria-in-ui': reactAriaInUi, 'server-imports': serverImports } };
