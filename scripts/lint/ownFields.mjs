// ESLint rules for the house rule "every piece of mutable state has one owner":
// - `no-foreign-field-writes`: a class's fields are assigned (=, +=, ++, delete) only in the module that declares
//   the class. Another module asks the owner or hands it a decision through a method.
// - `no-internal-public-fields`: a field marked `@internal` is private, not a public field others may write.
// Typed: the written property is resolved to its declaration through the TypeScript program.
import { createRequire } from 'node:module';

// The TypeScript 5/6 compiler API of tools/ (typescript-eslint's), not the workspace's TypeScript 7.
const { SyntaxKind } = createRequire(new URL('../../tools/package.json', import.meta.url))('typescript');

/** @type {import('eslint').Rule.RuleModule} */
const noForeignFieldWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'Class fields are written only by the module that declares the class.' },
    messages: {
      foreign:
        'Field "{{field}}" of class {{owner}} is written here, but {{owner}} is declared in {{file}}: ask it through a method instead (one owner per piece of state).',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) return {};
    const checker = services.program.getTypeChecker();
    const here = context.filename;
    const check = (target) => {
      if (target?.type !== 'MemberExpression' || target.computed) return;
      const tsNode = services.esTreeNodeToTSNodeMap.get(target);
      const symbol = checker.getSymbolAtLocation(tsNode.name ?? tsNode);
      for (const decl of symbol?.declarations ?? []) {
        // Class fields and constructor parameter properties; accessors and methods are not state.
        const isField = decl.kind === SyntaxKind.PropertyDeclaration || (decl.kind === SyntaxKind.Parameter && decl.modifiers?.length);
        if (!isField) continue;
        const cls = decl.kind === SyntaxKind.Parameter ? decl.parent?.parent : decl.parent;
        if (!cls || (cls.kind !== SyntaxKind.ClassDeclaration && cls.kind !== SyntaxKind.ClassExpression)) continue;
        const file = decl.getSourceFile().fileName;
        if (file === here || file.includes('/node_modules/')) continue;
        context.report({
          node: target,
          messageId: 'foreign',
          data: { field: target.property.name, owner: cls.name?.text ?? 'an anonymous class', file: file.replace(/^.*\/packages\//, 'packages/') },
        });
        return;
      }
    };
    return {
      AssignmentExpression: (node) => check(node.left),
      UpdateExpression: (node) => check(node.argument),
      UnaryExpression: (node) => node.operator === 'delete' && check(node.argument),
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noInternalPublicFields = {
  meta: {
    type: 'problem',
    docs: { description: 'A field marked @internal is private.' },
    messages: { internal: 'Field "{{field}}" is marked @internal but is public: make it private and give the owner a method.' },
    schema: [],
  },
  create(context) {
    return {
      PropertyDefinition(node) {
        // A readonly field cannot be written by others; a private or # field is the owner's.
        if (node.readonly || node.accessibility === 'private' || node.accessibility === 'protected' || node.key.type === 'PrivateIdentifier') return;
        const comments = context.sourceCode.getCommentsBefore(node);
        if (!comments.some((c) => /@internal\b/.test(c.value))) return;
        context.report({ node, messageId: 'internal', data: { field: node.key.name ?? '?' } });
      },
    };
  },
};

export default { rules: { 'no-foreign-field-writes': noForeignFieldWrites, 'no-internal-public-fields': noInternalPublicFields } };
