// @ts-check
/**
 * `local/file-names`: one file-name case, and one name for test helpers.
 *
 * - A source file is camelCase (`writeThrough.ts`), or PascalCase when its main export is a
 *   component (`HistoryView.tsx`): letters and digits, dot-separated parts for the role
 *   (`.test`, `.fuzz.test`). No kebab-case, no snake_case.
 * - A module that imports vitest but is not a test is a test helper: it is named
 *   `testing.ts`, or lives in a `testing/` folder, so helpers are found in one place and
 *   never shipped by accident.
 */
import path from 'node:path'

const NAME = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*\.(ts|tsx|mts|mjs)$/
const TEST = /\.test\.(ts|tsx|mts|mjs)$/

/** @param {string} file */
export const isTestingModule = (file) => /(^|\/)testing(\.tsx?|\/)/.test(file.split(path.sep).join('/'))

/** @type {import('eslint').Rule.RuleModule} */
export const fileNamesRule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'One file-name case; test helpers are named testing' },
    schema: [],
    messages: {
      case: '{{name}}: name files in camelCase (PascalCase for a component), e.g. {{suggestion}}',
      helper: '{{name}} imports vitest but is not a test: name it testing.ts or move it into a testing/ folder',
    },
  },
  create(context) {
    const file = context.filename
    const name = path.basename(file)
    return {
      Program(node) {
        if (!NAME.test(name)) {
          const suggestion = name.replace(/[-_]+([A-Za-z0-9])/g, (_, c) => c.toUpperCase())
          context.report({ node, messageId: 'case', data: { name, suggestion } })
        }
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'vitest' || TEST.test(name) || isTestingModule(file)) return
        context.report({ node, messageId: 'helper', data: { name } })
      },
    }
  },
}
