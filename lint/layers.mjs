// @ts-check
/**
 * `local/layers`: which folder may import which, so the layers in CONTRIBUTING.md are
 * checked on every lint rather than kept by memory (after VS Code's `local/code-layering`).
 *
 * Each layer names the files it holds (a path prefix from the repository root, or a
 * `features/*` style prefix whose `*` is one folder) and the layers it may import. A file
 * may always import within its own layer. An import is resolved to a repository path
 * (relative specifiers, and the `@contract/` alias); package imports are not checked here.
 *
 * A `*` layer is one layer per folder: two features are different layers. A file of one
 * may import another's public entry (`features/watch`, i.e. its `index.ts`) when the
 * layer lists itself under `allow` — never the other's internals.
 *
 * A layer's tests (`*.test.*` files and `testing` modules) may also import the layers in
 * its `tests` list: a service test runs the client against the simulator, which the
 * service itself never loads.
 */
import path from 'node:path'

/**
 * @typedef {{ name: string, files: string[], allow: string[], tests?: string[] }} Layer
 * @typedef {{ file: string, imports: string, why: string }} Exception
 * @typedef {{ root: string, aliases?: Record<string, string>, layers: Layer[], exceptions?: Exception[] }} Options
 */

const posix = (/** @type {string} */ p) => p.split(path.sep).join('/')

/**
 * The layer a repository path belongs to: its name and, for a `*` layer, the folder the
 * `*` matched (`features/watch`), whose bare path is the public entry.
 * @param {Layer[]} layers
 * @param {string} file
 * @returns {{ layer: Layer, unit: string } | null}
 */
export function layerOf(layers, file) {
  for (const layer of layers) {
    for (const prefix of layer.files) {
      const star = prefix.indexOf('*')
      if (star < 0) {
        if (file === prefix || file + '/' === prefix || file.startsWith(prefix.endsWith('/') ? prefix : prefix + '.')) return { layer, unit: layer.name }
        continue
      }
      const head = prefix.slice(0, star)
      if (!file.startsWith(head)) continue
      const folder = file.slice(head.length).split('/')[0]
      if (folder) return { layer, unit: head + folder }
    }
  }
  return null
}

/**
 * The repository path an import specifier names, or null for a package.
 * @param {string} spec
 * @param {string} fromFile repository path of the importing file
 * @param {Record<string, string>} aliases
 */
export function resolveSpecifier(spec, fromFile, aliases) {
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec))
  for (const [alias, target] of Object.entries(aliases)) {
    if (spec === alias || spec.startsWith(alias + '/')) return target + spec.slice(alias.length)
  }
  return null
}

/** Strips a trailing `/index` and source extension, so `features/watch/index.ts` is `features/watch`. */
const entryOf = (/** @type {string} */ p) => p.replace(/\.(tsx?|mjs|js)$/, '').replace(/\/index$/, '')

/** An exception's `imports` is one module, or every module under a folder when it ends in `/`. */
const excepts = (/** @type {string} */ imports, /** @type {string} */ target) =>
  imports.endsWith('/') ? target.startsWith(imports) : entryOf(target) === entryOf(imports)

/** Whether a repository path is a test or a test helper (`testing.ts`, `testing/…`). */
export const isTestFile = (/** @type {string} */ file) => /\.test\.[cm]?[jt]sx?$|(^|\/)testing(\.[jt]sx?$|\/)/.test(file)

/**
 * Why an import breaks the layers, or null when it is allowed.
 * @param {Options} options
 * @param {string} fromFile
 * @param {string} target
 */
export function violation(options, fromFile, target) {
  const from = layerOf(options.layers, fromFile)
  // Styles, JSON and images are assets any layer may load.
  if (!from || /\.(css|json|svg|png)$/.test(target)) return null
  const to = layerOf(options.layers, target)
  if (to && to.unit === from.unit) return null
  if ((options.exceptions ?? []).some((e) => e.file === fromFile && excepts(e.imports, target))) return null
  if (!to) return target.startsWith('src-') ? `${from.layer.name} may not import ${target}, which is in no layer` : null
  const allowed = from.layer.allow.includes(to.layer.name) || (isTestFile(fromFile) && (from.layer.tests ?? []).includes(to.layer.name))
  if (to.layer.name === from.layer.name) {
    if (allowed && entryOf(target) === to.unit) return null
    return `${from.unit} may not import ${to.unit}'s internals (${target}); import its public entry ${to.unit} (index.ts)`
  }
  if (allowed) return null
  return `${from.layer.name} (${fromFile}) may not import ${to.layer.name} (${target}); it may import ${from.layer.allow.join(', ') || 'nothing outside itself'}`
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers written down in CONTRIBUTING.md' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: { layer: '{{why}}' },
  },
  create(context) {
    const options = /** @type {Options} */ (context.options[0])
    const fromFile = posix(path.relative(options.root, context.filename))
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const target = resolveSpecifier(source.value, fromFile, options.aliases ?? {})
      if (target === null) return
      const why = violation(options, fromFile, target)
      if (why) context.report({ node: source, messageId: 'layer', data: { why } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

