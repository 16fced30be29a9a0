/**
 * Lint rules that hold the code's shape (see docs/architecture.md, "How the code is shaped"):
 * - `feature-boundaries`: a feature (src/features/<name>/) imports no other feature;
 * - `react-aria-in-ui`: react-aria is imported only by the wrappers in src/ui/;
 * - `server-imports`: server/ imports from src/ only the API schemas, src/server-drawn.ts and the
 *   flow explorer's pure modules (src/flows/);
 * - `no-effect-reads-or-moves`: no effect in src/ reads from the API or navigates: data comes
 *   from an invoked actor, a route loader or a read (`use`), and moves from the machines.
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
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const target = (file, specifier) => (specifier.startsWith('.') ? fromRoot(resolve(dirname(file), specifier)) : null);
const featureOf = (path) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossing: 'The feature "{{from}}" imports the feature "{{to}}": move what they share to src/ui/ or src/domain/.',
    },
  },
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
  meta: {
    type: 'problem',
    schema: [],
    messages: { outside: 'Import react-aria through its wrapper in src/ui/ (one thin wrapper per component).' },
  },
  create(context) {
    if (fromRoot(context.filename).startsWith('src/ui/')) return {};
    return onEverySpecifier((specifier, node) => {
      if (/^(react-aria-components|react-aria|@react-aria\/)/.test(specifier))
        context.report({ node, messageId: 'outside' });
    });
  },
};

const serverImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { outside: 'server/ may import from src/ only the API schemas, src/server-drawn.ts and src/flows/.' },
  },
  create(context) {
    if (!fromRoot(context.filename).startsWith('server/')) return {};
    return onEverySpecifier((specifier, node) => {
      const path = target(context.filename, specifier);
      if (!path || !path.startsWith('src/')) return;
      if (
        path === 'src/server-drawn' ||
        path === 'src/api/schemas' ||
        path.startsWith('src/api/schemas/') ||
        path.startsWith('src/flows/')
      )
        return;
      context.report({ node, messageId: 'outside' });
    });
  },
};

const EFFECT_HOOK = /^use(Layout|Insertion)?Effect$/;
const calleeName = (callee) =>
  callee.type === 'Identifier'
    ? callee.name
    : callee.type === 'MemberExpression' && !callee.computed
      ? callee.property.name
      : null;
/** The identifier a member chain starts from (`api` in `api.config.features`), not looking through calls. */
const chainRoot = (callee) => {
  let node = callee;
  while (node.type === 'MemberExpression') node = node.object;
  return node.type === 'Identifier' ? node.name : null;
};
const isEffectCallback = (node) =>
  (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') &&
  node.parent?.type === 'CallExpression' &&
  node.parent.arguments[0] === node &&
  EFFECT_HOOK.test(calleeName(node.parent.callee) ?? '');

const noEffectReadsOrMoves = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      read: 'An effect reads from the API: load the data with an invoked actor, a route loader or a read the view waits on with `use`.',
      move: 'An effect navigates: the machine decides where the person goes, through the navigation it is provided with.',
    },
  },
  create(context) {
    if (!fromRoot(context.filename).startsWith('src/')) return {};
    return {
      CallExpression(node) {
        if (!context.sourceCode.getAncestors(node).some(isEffectCallback)) return;
        const root = chainRoot(node.callee);
        if (root === 'api' || root === 'fetch') context.report({ node, messageId: 'read' });
        else if (calleeName(node.callee) === 'navigate') context.report({ node, messageId: 'move' });
      },
    };
  },
};

export default {
  rules: {
    'feature-boundaries': featureBoundaries,
    'react-aria-in-ui': reactAriaInUi,
    'server-imports': serverImports,
    'no-effect-reads-or-moves': noEffectReadsOrMoves,
  },
};
